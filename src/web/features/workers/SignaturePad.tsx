import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import SignaturePadLibrary from 'signature_pad';
import { m } from '../../../paraglide/messages.js';
import { FieldBox } from '../../components/FieldBox.tsx';

// The drawn signature (spec §9): at most 500 px wide, 150 px high on screens under 768 px and
// 200 px from there, a black pen, stored as PNG. signature_pad works with a finger, a pen and
// a mouse (pointer events). This module, with the library, loads only on the declaration step.

export interface SignaturePadHandle {
  isEmpty(): boolean;
  toBlob(): Promise<Blob | null>;
}

const MAX_WIDTH = 500;
const heightFor = (viewportWidth: number) => (viewportWidth < 768 ? 150 : 200);

interface SignaturePadProps {
  ref?: Ref<SignaturePadHandle>;
  labelledBy: string;
  describedBy?: string | undefined;
  invalid: boolean;
  /** The member drew or cleared: the page's "missing signature" message can go. */
  onChange: (empty: boolean) => void;
}

export default function SignaturePad({
  ref,
  labelledBy,
  describedBy,
  invalid,
  onChange,
}: SignaturePadProps) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLibrary | null>(null);
  const [typed, setTyped] = useState('');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current!;
    const pad = new SignaturePadLibrary(canvas, {
      penColor: '#000000',
      // Transparent behind the ink: a PNG of the signature alone.
      backgroundColor: 'rgba(0,0,0,0)',
    });
    padRef.current = pad;
    const changed = () => onChangeRef.current(pad.isEmpty());
    pad.addEventListener('endStroke', changed);

    // The canvas is drawn at the screen's pixel density; resizing clears it (the library's
    // own advice), so it only happens when the width really changes.
    let width = 0;
    const fit = () => {
      const cssWidth = Math.min(MAX_WIDTH, wrapRef.current!.clientWidth);
      const cssHeight = heightFor(window.innerWidth);
      if (cssWidth === width && canvas.style.height === `${cssHeight}px`) return;
      width = cssWidth;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.style.width = `${cssWidth}px`;
      canvas.style.height = `${cssHeight}px`;
      canvas.width = Math.round(cssWidth * ratio);
      canvas.height = Math.round(cssHeight * ratio);
      canvas.getContext('2d')!.scale(ratio, ratio);
      pad.clear();
      changed();
    };
    fit();
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      pad.removeEventListener('endStroke', changed);
      pad.off();
    };
  }, []);

  useImperativeHandle(ref, () => ({
    isEmpty: () => padRef.current?.isEmpty() ?? true,
    toBlob: () =>
      new Promise((resolve) => {
        const canvas = canvasRef.current;
        if (!canvas || padRef.current?.isEmpty()) return resolve(null);
        canvas.toBlob(resolve, 'image/png');
      }),
  }));

  const clear = () => {
    padRef.current?.clear();
    onChange(true);
  };

  // For anyone who cannot draw (keyboard, screen reader, a shaky hand): the typed name is
  // written into the pad in a handwriting face, and is then a signature like a drawn one.
  const writeTyped = () => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas || !typed.trim()) return;
    pad.clear();
    const context = canvas.getContext('2d')!;
    const cssWidth = canvas.clientWidth;
    const cssHeight = canvas.clientHeight;
    let size = Math.round(cssHeight * 0.4);
    context.fillStyle = '#000000';
    context.textBaseline = 'middle';
    do {
      context.font = `italic ${size}px "Segoe Script", "Brush Script MT", cursive`;
      size -= 2;
    } while (context.measureText(typed.trim()).width > cssWidth - 24 && size > 10);
    context.fillText(typed.trim(), 12, cssHeight / 2);
    // signature_pad knows nothing of the text: keep it from reporting the pad as empty.
    pad.fromData([{ ...emptyGroup, points: [{ x: 1, y: 1, pressure: 0.5, time: Date.now() }] }], {
      clear: false,
    });
    onChange(false);
  };

  return (
    <div className="signature">
      <div className="signature-pad" ref={wrapRef}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-labelledby={labelledBy}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={invalid ? 'signature-canvas signature-invalid' : 'signature-canvas'}
        />
      </div>
      <div className="signature-actions">
        <button type="button" className="button button-small button-secondary" onClick={clear}>
          {m.workers_signature_clear()}
        </button>
      </div>
      <details className="signature-typed">
        <summary>{m.workers_signature_type_instead()}</summary>
        <FieldBox id={`${labelledBy}-typed`} label={m.workers_signature_full_name()}>
          {(w) => (
            <input
              {...w}
              type="text"
              value={typed}
              autoComplete="name"
              onChange={(e) => setTyped(e.target.value)}
            />
          )}
        </FieldBox>
        <button type="button" className="button button-small" onClick={writeTyped}>
          {m.workers_signature_sign_name()}
        </button>
      </details>
    </div>
  );
}

const emptyGroup = {
  penColor: '#ffffff00',
  dotSize: 0,
  minWidth: 0.5,
  maxWidth: 0.5,
  velocityFilterWeight: 0.7,
  compositeOperation: 'source-over' as const,
};
