/** Server messages of the user area: `errors:user.<reason>`. zh-CN is the source. */
export default {
  _area: 'user',
};
