/** 公告的服务端消息：`errors:notice.<reason>`（docs/notices.md）。 */
export default {
  notice: {
    not_found: '公告不存在或不属于本应用',
    title_required: '请输入公告标题',
    title_too_long: '公告标题不能超过 {{max}} 个字符',
    body_too_long: '公告内容过长（不能超过 {{max}} 个字符）',
    body_required: '请输入公告内容',
    audience_required: '请选择发布范围',
    target_unknown: '发布范围中的“{{id}}”不是本应用的租户、组织、角色或用户',
    time_invalid: '发布时间或失效时间无效',
    expire_before_publish: '失效时间必须晚于发布时间',
    expired: '公告已过失效时间，不能发布',
    state: '当前状态的公告不能执行此操作',
    image_unknown: '图片“{{id}}”不存在或不可使用，请重新上传',
  },
};
