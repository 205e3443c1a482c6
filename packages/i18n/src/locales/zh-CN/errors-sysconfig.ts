/** Server messages of the sysconfig area: `errors:sysconfig.<reason>`. zh-CN is the source. */
export default {
  _area: 'sysconfig',
};
