/** Server messages of the product area: `errors:product.<reason>`. zh-CN is the source. */
export default {
  _area: 'product',
};
