/**
 * The HTTP client's feedback before antd is there (issue 17: the sign-in page loads no antd): what is to
 * be shown waits, the host is asked for, and the antd instances show it once they register.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerFeedback, showFailure, showToast, useFeedbackHost, type Feedback } from './feedback';

/** A stand-in for antd's `App.useApp()` that records what it was asked to show. */
function fakeAntd() {
  const shown: string[] = [];
  const api = {
    message: { error: (t: string) => shown.push(`error:${t}`), warning: (t: string) => shown.push(`warning:${t}`), success: vi.fn(), info: vi.fn() },
    modal: { error: (c: { title: string }) => shown.push(`modal:${c.title}`), warning: (c: { title: string }) => shown.push(`modal-warning:${c.title}`) },
  };
  return { api: api as unknown as Feedback, shown };
}

describe('feedback queue (api/http/feedback.ts)', () => {
  beforeEach(() => {
    vi.stubGlobal('document', {});
    registerFeedback(null);
    useFeedbackHost.setState({ wanted: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    registerFeedback(null);
  });

  it('keeps toasts and modals until the antd instances register, asks for the host, then shows them in order', () => {
    showToast('warning', 'refused');
    showFailure({ toast: { level: 'error', text: { raw: 'token invalid' } }, modal: { level: 'error', title: { raw: 'Failed' } } });
    expect(useFeedbackHost.getState().wanted).toBe(true);
    const { api, shown } = fakeAntd();
    expect(shown).toEqual([]);
    registerFeedback(api);
    expect(shown).toEqual(['warning:refused', 'error:token invalid', 'modal:Failed']);
  });

  it('shows at once when registered, and nothing twice', () => {
    const { api, shown } = fakeAntd();
    registerFeedback(api);
    showToast('error', 'now');
    registerFeedback(null);
    registerFeedback(api);
    expect(shown).toEqual(['error:now']);
  });

  it('logs instead where there is no page (no document)', () => {
    vi.unstubAllGlobals();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    showToast('warning', 'no page');
    expect(warn).toHaveBeenCalledWith('no page');
    expect(useFeedbackHost.getState().wanted).toBe(false);
    warn.mockRestore();
  });
});
