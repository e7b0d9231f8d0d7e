import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/** A QR code of `value`, drawn in the browser (dark modules on white, so it scans in dark mode too). */
export function QrCode({ value, label, size = 180 }: { value: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('qrcode')
      .then(({ toDataURL }) =>
        toDataURL(value, {
          errorCorrectionLevel: 'M',
          margin: 2,
          width: size * 2,
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then(
        (url) => !cancelled && setSrc(url),
        () => undefined,
      );
    return () => {
      cancelled = true;
    };
  }, [value, size]);
  if (!src) return <Skeleton variant="rectangular" width={size} height={size} sx={{ mx: 'auto' }} />;
  return (
    <Box
      component="img"
      src={src}
      alt={label}
      width={size}
      height={size}
      sx={{ display: 'block', mx: 'auto', borderRadius: 1 }}
    />
  );
}
