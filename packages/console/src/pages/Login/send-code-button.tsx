/**
 * The send-code button with its countdown (OTC_RULES.resendSeconds, the server's per-address window):
 * disabled while counting; a refusal shows the server's message through `onError`.
 */
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OTC_RULES } from '@mp/protocol';
import { ApiError } from '../../api/client';

export interface SendCodeButtonProps {
  /** Checks the inputs and sends; resolves when sent, rejects to stop (validation or server refusal). */
  send: () => Promise<void>;
  onSent: () => void;
  onError: (message: string) => void;
  testId?: string;
}

export default function SendCodeButton({ send, onSent, onError, testId }: SendCodeButtonProps) {
  const { t } = useTranslation('otc');
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);

  const click = async (): Promise<void> => {
    setBusy(true);
    try {
      await send();
      setLeft(OTC_RULES.resendSeconds);
      onSent();
    } catch (e) {
      if (e instanceof ApiError) onError(e.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      className="mp-send-code"
      disabled={left > 0}
      loading={busy}
      onClick={() => {
        void click();
      }}
      data-testid={testId}
    >
      {left > 0 ? t('resend', { seconds: left }) : t('send')}
    </Button>
  );
}
