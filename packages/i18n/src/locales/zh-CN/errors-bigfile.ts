/** 大文件上传的服务端消息：`errors:bigfile.<reason>`（SPEC §2 /bigfile；docs/bigfile.md）。 */
export default {
  disabled: '大文件上传未启用',
  too_large: '文件大小不能超过 {{max}}',
  type_not_allowed: '不允许上传此类型的文件（允许：{{accept}}）',
  quota_exceeded: '存储空间不足，剩余 {{free}}',
  name_required: '请提供文件名',
  length_required: '上传时必须声明文件大小',
  not_found: '上传不存在或已过期',
  offset_mismatch: '上传位置不一致，请继续上传',
  protocol: '上传请求无效：{{detail}}',
};
