/**
 * The slider security check (SPEC §1 "a slider security check"; verification code type '2', SPEC §9;
 * docs/login.md "Slider"): the server's puzzle (background with a gap, piece, piece y) and a handle
 * under it. Dragging the handle (mouse, touch or pen; or the arrow keys) moves the piece; on release
 * the answer — the piece's x in the picture's natural pixels, the drag's duration and its track — becomes
 * the field's value and travels inside the signed sign-in body. The server alone knows the gap.
 * A form control: `value` / `onChange`; antd's icons drawn without antd (issue 17).
 */
import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import DoubleRightOutlined from '@ant-design/icons-svg/es/asn/DoubleRightOutlined';
import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import LightIcon from '../../components/LightIcon';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SLIDER_RULES, type CaptchaRow, type SliderAnswer, type SliderSample } from '@mp/protocol';
import './slider-captcha.css';

export interface SliderCaptchaProps {
  puzzle: CaptchaRow | null;
  onRefresh: () => void;
  value?: SliderAnswer | null;
  onChange?: (v: SliderAnswer | null) => void;
}

/** Keeps at most `max` samples: the first, the last and evenly spaced ones between. */
function thin(track: SliderSample[], max: number = SLIDER_RULES.maxSamples): SliderSample[] {
  if (track.length <= max) return track;
  const step = (track.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => track[Math.round(i * step)]!);
}

export default function SliderCaptcha({ puzzle, onRefresh, value, onChange }: SliderCaptchaProps) {
  const { t } = useTranslation('login');
  const stage = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const [x, setX] = useState(0);
  const drag = useRef<{ startX: number; t0: number; track: SliderSample[]; pointerId?: number } | null>(null);
  const width = puzzle?.width ?? SLIDER_RULES.width;
  const height = puzzle?.height ?? SLIDER_RULES.height;
  const pieceSize = puzzle?.pieceSize ?? SLIDER_RULES.piece + 2 * SLIDER_RULES.knob;
  const maxX = width - pieceSize;

  useEffect(() => {
    const el = stage.current;
    if (!el) return undefined;
    const measure = (): void => setScale(el.clientWidth / width || 1);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [width]);

  // A new puzzle (or a reset form) puts the piece back at the start.
  useEffect(() => {
    setX(0);
    drag.current = null;
  }, [puzzle?.captchaId]);
  useEffect(() => {
    if (!value) setX(0);
  }, [value]);

  const clamp = (n: number): number => Math.min(maxX, Math.max(0, n));
  const sample = (nx: number): void => {
    const d = drag.current;
    if (!d) return;
    d.track.push([Math.round(performance.now() - d.t0), Math.round(nx * 10) / 10]);
  };
  const finish = (nx: number): void => {
    const d = drag.current;
    if (!d) return;
    sample(nx);
    onChange?.({ x: Math.round(nx * 10) / 10, durationMs: Math.round(performance.now() - d.t0), track: thin(d.track) });
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>): void => {
    if (!puzzle) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX, t0: performance.now(), track: [[0, 0]], pointerId: e.pointerId };
    setX(0);
    onChange?.(null);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>): void => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const nx = clamp((e.clientX - d.startX) / scale);
    setX(nx);
    sample(nx);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>): void => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    finish(clamp((e.clientX - d.startX) / scale));
    d.pointerId = undefined;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (!puzzle || (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft')) return;
    e.preventDefault();
    if (!drag.current || drag.current.pointerId !== undefined) drag.current = { startX: 0, t0: performance.now(), track: [[0, x]] };
    const nx = clamp(x + (e.key === 'ArrowRight' ? 1 : -1) * (e.shiftKey ? 10 : 2));
    setX(nx);
    finish(nx);
  };

  const done = Boolean(value);
  const px = x * scale;
  const handleWidth = pieceSize * scale;
  return (
    <div className={`mp-slider${done ? ' mp-slider-done' : ''}`} data-testid="slider-captcha">
      <div className="mp-slider-stage" ref={stage} style={{ aspectRatio: `${width} / ${height}` }}>
        {puzzle ? (
          <>
            <img className="mp-slider-bg" src={puzzle.image} alt={t('slider.alt')} draggable={false} />
            {puzzle.piece && (
              <img
                className="mp-slider-piece"
                src={puzzle.piece}
                alt=""
                draggable={false}
                data-testid="slider-piece"
                style={{ top: (puzzle.pieceY ?? 0) * scale, width: handleWidth, height: handleWidth, transform: `translateX(${px}px)` }}
              />
            )}
          </>
        ) : null}
        <button
          type="button"
          className="mp-slider-refresh"
          onClick={onRefresh}
          title={t('slider.refresh')}
          aria-label={t('slider.refresh')}
          data-testid="slider-refresh"
        >
          <LightIcon icon={ReloadOutlined} />
        </button>
      </div>
      <div className="mp-slider-track">
        <div className="mp-slider-fill" style={{ width: px + handleWidth / 2 }} />
        <span className="mp-slider-hint" style={{ paddingLeft: px + handleWidth }}>
          {done ? t('slider.done') : t('slider.hint')}
        </span>
        <div
          className="mp-slider-handle"
          role="slider"
          tabIndex={0}
          aria-label={t('slider.handle')}
          aria-valuemin={0}
          aria-valuemax={Math.round(maxX)}
          aria-valuenow={Math.round(x)}
          data-testid="slider-handle"
          style={{ left: px, width: handleWidth }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
        >
          <LightIcon icon={done ? CheckOutlined : DoubleRightOutlined} />
        </div>
      </div>
    </div>
  );
}
