import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** The part of the BarcodeDetector API used here (Chromium on Android/desktop; absent on iOS Safari). */
interface Detector {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
interface DetectorClass {
  new (opts: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

/** decode.ts's formats in BarcodeDetector names (decode.ts itself loads only where the browser has no detector). */
const DETECTOR_FORMATS = ['qr_code', 'code_128', 'code_39', 'ean_13', 'itf'];

/** Frames are decoded at most this often; a code seen again within REPEAT_MS is the same reading. */
const FRAME_MS = 180;
const REPEAT_MS = 2500;
const MAX_SIDE = 720;

/** The native detector for our formats, or null (then ZXing decodes canvas frames). */
async function nativeDetector(): Promise<Detector | null> {
  const Cls = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Cls) return null;
  try {
    const supported = await Cls.getSupportedFormats();
    const formats = DETECTOR_FORMATS.filter((f) => supported.includes(f));
    return formats.includes('qr_code') ? new Cls({ formats }) : null;
  } catch {
    return null;
  }
}

function cameraError(err: unknown): string {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Permita o uso da câmera no navegador para ler as etiquetas.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'Nenhuma câmera encontrada neste aparelho.';
  if (!navigator.mediaDevices?.getUserMedia) return 'Este navegador não permite usar a câmera (é preciso HTTPS).';
  return 'Não foi possível abrir a câmera.';
}

/**
 * The rear camera with a live decoder: every code read is handed to `onScan` (the raw text; the
 * caller parses it). Stops the camera when closed or unmounted.
 */
export function Scanner({ onScan, onClose }: { onScan: (text: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const scanRef = useRef(onScan);
  const [error, setError] = useState<string | null>(null);
  const [engine, setEngine] = useState<string>('');
  useEffect(() => {
    scanRef.current = onScan;
  }, [onScan]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { text: '', at: 0 };
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true });

    const emit = (text: string) => {
      const now = Date.now();
      if (text === last.text && now - last.at < REPEAT_MS) return;
      last = { text, at: now };
      navigator.vibrate?.(60);
      scanRef.current(text);
    };

    async function start() {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
      } catch (err) {
        setError(cameraError(err));
        return;
      }
      const el = video.current;
      if (stopped || !el) return;
      el.srcObject = stream;
      await el.play().catch(() => undefined);
      const detector = await nativeDetector();
      const zxing = detector ? null : (await import('./decode')).createFrameDecoder();
      setEngine(detector ? 'leitor do navegador' : 'leitor ZXing');
      const tick = async () => {
        if (stopped) return;
        if (el.readyState >= 2 && el.videoWidth > 0) {
          try {
            if (detector) {
              const found = await detector.detect(el);
              if (found[0]?.rawValue) emit(found[0].rawValue);
            } else if (zxing && ctx) {
              const k = Math.min(1, MAX_SIDE / Math.max(el.videoWidth, el.videoHeight));
              canvas.width = Math.round(el.videoWidth * k);
              canvas.height = Math.round(el.videoHeight * k);
              ctx.drawImage(el, 0, 0, canvas.width, canvas.height);
              const frame = ctx.getImageData(0, 0, canvas.width, canvas.height);
              const text = zxing.decode(frame.data, frame.width, frame.height);
              if (text) emit(text);
            }
          } catch {
            // A frame that cannot be read (camera switching, tab hidden): try the next one.
          }
        }
        timer = setTimeout(() => void tick(), FRAME_MS);
      };
      void tick();
    }
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <Box>
      {error ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {error} Digite o número do bem abaixo.
        </Alert>
      ) : (
        <Box
          sx={{
            position: 'relative',
            borderRadius: 2,
            overflow: 'hidden',
            bgcolor: 'common.black',
            aspectRatio: '4 / 3',
            maxHeight: 360,
            mx: 'auto',
          }}
        >
          <Box
            component="video"
            ref={video}
            muted
            playsInline
            autoPlay
            aria-label="Imagem da câmera para ler a etiqueta"
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              inset: '18% 18%',
              border: '3px solid',
              borderColor: 'common.white',
              borderRadius: 2,
              boxShadow: '0 0 0 2000px rgba(0,0,0,0.25)',
            }}
          />
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1, gap: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {error ? '' : `Aponte para o QR ou o código de barras da etiqueta${engine ? ` (${engine})` : ''}.`}
        </Typography>
        <Button size="small" onClick={onClose}>
          Fechar câmera
        </Button>
      </Box>
    </Box>
  );
}
