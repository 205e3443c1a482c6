/** Server messages of the sysconfig area: `errors:sysconfig.<reason>`. zh-CN is the source. */
export default {
  code_type_not_editable: '码表类型 {{codeType}} 不能在此维护',
  code_key_duplicate: '同一类型下已存在键“{{codeKey}}”',
  regex_invalid: '“{{codeKey}}”的值不是有效的正则表达式',
  password_rule_required: '码表必须保留密码规则（类型 1）',
  number_range: '{{field}}必须是 {{min}} 到 {{max}} 之间的整数',
  name_duplicate: '名称“{{name}}”重复',
  config_not_found: '该配置不存在或已被删除，请刷新后重试',
  mail_send_failed: '测试邮件发送失败：{{reason}}',
  ldap_unreachable: '无法连接 LDAP 服务器 {{url}}：{{reason}}',
  ldap_bind_failed: 'LDAP 服务器拒绝了绑定 DN 或密码',
  ldap_search_failed: '已连接 LDAP 服务器，但读取基准 DN 失败：{{reason}}',
  org_category_main: '主组织树（分类 0）是内置分类，不能修改或删除',
  org_category_not_found: '该组织分类不存在或已被删除',
  org_category_name_in_use: '组织分类名称“{{name}}”已存在',
  org_category_in_use: '仍有 {{count}} 个组织属于该分类，不能删除',
  main_org_category: '主组织树',
  org_type: { 0: '无', 1: '集团', 2: '公司', 3: '部门', 4: '子部门', 5: '现场', 6: '加盟店' },
  test_mail: {
    subject: 'MP3.0 测试邮件（{{name}}）',
    body: '这是一封来自 MP3.0 的测试邮件。\n\n邮件配置：{{name}}（{{host}}:{{port}}）\n发送人：{{user}}\n时间：{{time}}\n\n收到此邮件说明该邮件配置可以正常发送。',
  },
};
