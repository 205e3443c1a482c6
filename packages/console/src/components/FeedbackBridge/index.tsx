/**
 * Registers antd's `App.useApp()` message / modal / notification with the HTTP client, so its toasts
 * and modals follow the theme and locale (SPEC §8). Renders nothing; must sit inside antd's `<App>`.
 */
import { App } from 'antd';
import { useEffect } from 'react';
import { registerFeedback } from '../../api/http/feedback';

export default function FeedbackBridge() {
  const api = App.useApp();
  useEffect(() => {
    registerFeedback(api);
    return () => registerFeedback(null);
  }, [api]);
  return null;
}
