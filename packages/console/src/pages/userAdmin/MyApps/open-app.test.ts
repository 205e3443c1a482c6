/** How a My apps tile opens its application (docs/users.md "Opening an application"). */
import { describe, expect, it } from 'vitest';
import { addressOf, framePath, openApp, type Address } from './open-app';

const app = { id: 'a1', code: 'crm&x', loginUrl: 'https://crm.example.com/login?iss=https%3A%2F%2Fiam%2Foidc', openType: 3 as const, ssoMode: 1 as const };

describe('openApp', () => {
  it('open type 1: the framed view in this window', () => {
    const went: string[] = [];
    expect(
      openApp(
        { ...app, openType: 1 },
        (to) => went.push(to),
        () => {
          throw new Error('no window');
        },
      ),
    ).toBe('navigated');
    expect(went).toEqual(['/userAdmin/app?open=crm%26x']);
  });

  it('open type 2: a new window of the framed view; 3: a new window of the application alone', () => {
    const opened: Address[] = [];
    const win = (u: Address) => {
      opened.push(u);
      return {} as Window;
    };
    expect(openApp({ ...app, openType: 2 }, () => undefined, win)).toBe('window');
    expect(openApp(app, () => undefined, win)).toBe('window');
    expect(opened).toEqual([framePath('crm&x'), app.loginUrl]);
  });

  it('an application using the SSO query asks for a fresh ticket address each time it opens, never before', async () => {
    const asked: string[] = [];
    const ticket = async (id: string) => {
      asked.push(id);
      return `https://legacy.example.com/sso?ssotoken=t${asked.length}`;
    };
    const sso = { ...app, ssoMode: 2 as const, loginUrl: 'https://legacy.example.com/sso' };
    const opened: Address[] = [];
    expect(
      openApp(
        sso,
        () => undefined,
        (u) => {
          opened.push(u);
          return {} as Window;
        },
        ticket,
      ),
    ).toBe('window');
    expect(asked).toEqual([]);
    expect(typeof opened[0]).toBe('function');
    expect(await (opened[0] as () => Promise<string>)()).toBe('https://legacy.example.com/sso?ssotoken=t1');
    const again = addressOf(sso, ticket) as () => Promise<string>;
    expect(await again()).toBe('https://legacy.example.com/sso?ssotoken=t2');
    expect(asked).toEqual(['a1', 'a1']);
    // OpenID Connect applications open at their initiation address as it is
    expect(addressOf(app, ticket)).toBe(app.loginUrl);
  });

  it('says when there is no address or the window was blocked', () => {
    expect(
      openApp(
        { ...app, loginUrl: '' },
        () => undefined,
        () => ({}) as Window,
      ),
    ).toBe('no-address');
    expect(
      openApp(
        app,
        () => undefined,
        () => null,
      ),
    ).toBe('blocked');
  });
});
