/** Server messages of the role area: `errors:role.<reason>`. zh-CN is the source. */
export default {
  _area: 'role',
};
