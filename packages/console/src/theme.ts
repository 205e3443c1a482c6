/**
 * The Ant Design 6 theme of the console: one brand colour, calm surfaces, rounded controls. Component
 * tokens keep the header, side menu and tabs consistent with the brand.
 */
import type { ThemeConfig } from 'antd';

export const BRAND = '#2f6bff';

/**
 * The end-to-end tests' switch (e2e/support.ts `launchBrowser`): with localStorage `mp.e2eMotion` = 'off'
 * Ant Design draws no animations (token `motion: false`), so a test waits for no opening or closing
 * transition (issue 17: suite time). Nothing in the console sets the key; users get the animations.
 */
function motionOffForE2e(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem('mp.e2eMotion') === 'off';
  } catch {
    return false; // storage blocked: animations as usual
  }
}

export const theme: ThemeConfig = {
  cssVar: { key: 'mp' },
  token: {
    colorPrimary: BRAND,
    colorInfo: BRAND,
    colorSuccess: '#0eca7e',
    colorLink: BRAND,
    borderRadius: 8,
    colorBgLayout: '#f3f5f9',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans JP', 'Helvetica Neue', Arial, sans-serif",
    motion: !motionOffForE2e(),
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 16px', siderBg: '#ffffff', bodyBg: '#f3f5f9' },
    Menu: { itemBorderRadius: 8, itemMarginInline: 8, itemSelectedBg: '#eaf0ff', itemSelectedColor: BRAND, subMenuItemBg: '#ffffff', iconSize: 16 },
    Tabs: { cardBg: '#f7f8fb', horizontalMargin: '0' },
    Card: { headerFontSize: 16 },
    Button: { primaryShadow: '0 2px 0 rgba(47,107,255,0.12)' },
  },
};
