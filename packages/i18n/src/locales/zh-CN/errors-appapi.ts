/** Server messages of the API registry: `errors:appapi.<reason>`; `field` are the field labels (messages, Excel headings). zh-CN is the source. */
export default {
  not_found: 'API 不存在或已被删除',
  url_suffix: '服务地址必须以 .do 结尾',
  url_space: '服务地址不能包含空格',
  url_in_use: '服务地址“{{url}}”已被本应用的其他 API 使用',
  import_invalid: '有 {{count}} 行数据未通过校验，未导入任何数据',
  import_unreadable: '无法读取该文件，请上传有效的 Excel 文件',
  import_column_missing: '缺少必需的列“{{column}}”，请使用模板',
  import_empty: '文件中没有数据行',
  import_too_many: '一次最多导入 {{max}} 行',
  import_duplicate: '与第 {{row}} 行的服务地址重复',
  field: {
    name: 'API 名称',
    serviceName: '服务名称',
    moduleName: '模块名称',
    url: '服务地址',
    description: '描述',
  },
};
