/** Server messages of face registration: `errors:face.<reason>` (docs/face.md). zh-CN is the source. */
export default {
  not_found: '未找到该用户的人脸照片',
};
