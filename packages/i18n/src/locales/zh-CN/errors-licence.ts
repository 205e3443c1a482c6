/** Server messages of the licence area: `errors:licence.<reason>`. zh-CN is the source. */
export default {
  _area: 'licence',
};
