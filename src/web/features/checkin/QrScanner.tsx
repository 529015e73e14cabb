import { useEffect, useRef, useState } from 'react';
import { m } from '../../../paraglide/messages.js';

// The camera and the browser's own QR reader (BarcodeDetector: Chrome on Android has it),
// loaded only when a member taps 'Scan the QR code'. A browser without one is told to point
// the phone's camera app at the code instead, which opens /checkin with it: a QR decoder of
// our own would cost 26 kB more than a route may (decision 039).

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

function reader(): ((video: HTMLVideoElement) => Promise<string | null>) | null {
  const Native = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  const detector = new Native({ formats: ['qr_code'] });
  return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
}

export function QrScanner({
  onRead,
  onClose,
}: {
  onRead: (text: string) => void;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const done = useRef(onRead);
  done.current = onRead;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    const read = reader();
    if (!read) {
      setProblem(m.checkin_no_reader());
      return stop;
    }
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        if (stopped || !video.current) return stop();
        video.current.srcObject = stream;
        await video.current.play();
        // A few looks a second: enough to feel instant, little work for a cheap phone.
        const look = async () => {
          if (stopped || !video.current) return;
          const text = await read(video.current).catch(() => null);
          if (text) {
            stop();
            done.current(text);
          } else timer = setTimeout(() => void look(), 250);
        };
        void look();
      } catch {
        setProblem(m.checkin_camera_failed());
      }
    })();
    return stop;
  }, []);

  return (
    <div className="checkin-scanner card">
      {problem ? (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      ) : (
        <>
          <video ref={video} className="checkin-video" muted playsInline aria-hidden="true" />
          <p className="muted" role="status">
            {m.checkin_point_camera()}
          </p>
        </>
      )}
      <button type="button" className="button button-secondary button-block" onClick={onClose}>
        {m.checkin_close_camera()}
      </button>
    </div>
  );
}
