/**
 * Console texts of the enterprise user's My apps and personal home (SPEC §2 User area `/userAdmin/app`,
 * `/userAdmin/bbcapp`; docs/users.md). zh-CN is the source.
 */
export default {
  title: '我的应用',
  intro: '点击应用图标，即可通过单点登录打开应用。',
  search: '搜索应用名称或编码',
  empty: '暂无可使用的应用',
  count: '共 {{count}} 个应用',
  noAddress: '该应用未配置回调地址，无法打开',
  popupBlocked: '浏览器阻止了新窗口，请允许本站弹出窗口后重试',
  frame: {
    back: '返回我的应用',
    newWindow: '在新窗口中打开',
    notFound: '找不到该应用，或您已无权使用',
  },
  home: {
    morning: '早上好，{{name}}',
    afternoon: '下午好，{{name}}',
    evening: '晚上好，{{name}}',
    intro: '这是您的个人首页。',
  },
};
