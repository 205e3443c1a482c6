/** Console texts: sysconfig. zh-CN is the source; en-US and ja-JP must carry every key. */
export default {
  _area: 'sysconfig',
};
