/** How a My apps tile opens its application (docs/users.md "Opening an application"). */
import { describe, expect, it } from 'vitest';
import { framePath, openApp } from './open-app';

const app = { code: 'crm&x', loginUrl: 'https://crm.example.com/login?iss=https%3A%2F%2Fiam%2Foidc', openType: 3 as const };

describe('openApp', () => {
  it('open type 1: the framed view in this window', () => {
    const went: string[] = [];
    expect(openApp({ ...app, openType: 1 }, (to) => went.push(to), () => { throw new Error('no window'); })).toBe('navigated');
    expect(went).toEqual(['/userAdmin/app?open=crm%26x']);
  });

  it('open type 2: a new window of the framed view; 3: a new window of the application alone', () => {
    const opened: string[] = [];
    const win = (u: string) => { opened.push(u); return {} as Window; };
    expect(openApp({ ...app, openType: 2 }, () => undefined, win)).toBe('window');
    expect(openApp(app, () => undefined, win)).toBe('window');
    expect(opened).toEqual([framePath('crm&x'), app.loginUrl]);
  });

  it('says when there is no address or the window was blocked', () => {
    expect(openApp({ ...app, loginUrl: '' }, () => undefined, () => ({} as Window))).toBe('no-address');
    expect(openApp(app, () => undefined, () => null)).toBe('blocked');
  });
});
