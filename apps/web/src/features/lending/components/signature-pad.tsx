import { useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SIGNATURE_HEIGHT,
  SIGNATURE_MIN_INK,
  SIGNATURE_WIDTH,
  inkLength,
  isAcceptableSignature,
  toCanvasPoint,
} from '../model/signature.ts';
import './signature-pad.css';

type Point = { x: number; y: number };

/**
 * ST-07: a drawn signature. Pointer events cover finger, pen and mouse; the canvas is 600×200 px
 * whatever its size on screen, and each finished stroke hands the PNG data URL up (null when
 * cleared or when there is too little ink to be a signature).
 */
export function SignaturePad({
  onChange,
  disabled,
}: {
  onChange: (dataUrl: string | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const stroke = useRef<Point[] | null>(null);
  const ink = useRef(0);

  const context = () => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) {
      ctx.lineWidth = 4;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#111827';
    }
    return ctx ?? null;
  };

  const pointOf = (event: PointerEvent<HTMLCanvasElement>): Point =>
    toCanvasPoint(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());

  const onDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const p = pointOf(event);
    stroke.current = [p];
    const ctx = context();
    ctx?.beginPath();
    ctx?.moveTo(p.x, p.y);
  };

  const onMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const points = stroke.current;
    if (!points) return;
    event.preventDefault();
    const p = pointOf(event);
    points.push(p);
    const ctx = context();
    ctx?.lineTo(p.x, p.y);
    ctx?.stroke();
  };

  const onUp = () => {
    const points = stroke.current;
    if (!points) return;
    stroke.current = null;
    ink.current += inkLength(points);
    if (ink.current < SIGNATURE_MIN_INK) return;
    const dataUrl = canvas.current?.toDataURL('image/png') ?? null;
    onChange(isAcceptableSignature(dataUrl) ? dataUrl : null);
  };

  const clear = () => {
    const ctx = context();
    ctx?.clearRect(0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
    stroke.current = null;
    ink.current = 0;
    onChange(null);
  };

  return (
    <div className="ln-sign">
      <canvas
        ref={canvas}
        className="ln-sign__canvas"
        data-testid="signature-pad"
        width={SIGNATURE_WIDTH}
        height={SIGNATURE_HEIGHT}
        role="img"
        aria-label={t('lending:loan.signTitle')}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={onUp}
      />
      <button
        type="button"
        className="ln-sign__clear"
        data-testid="signature-clear"
        onClick={clear}
        disabled={disabled}
      >
        {t('lending:loan.clear')}
      </button>
    </div>
  );
}
