import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { PHOTO_PLACEHOLDER } from '../../lib/images';
import { http } from '../../lib/http';

/** Strips the '/api' base: the http client adds it. */
export const apiPath = (url: string) => url.replace(/^\/api(?=\/)/, '');

/** A photo served by the authorising file route: fetched as a blob with the Bearer token. */
export function AuthImage({
  url,
  alt,
  size = 120,
  onClick,
}: {
  url: string;
  alt: string;
  size?: number | string;
  onClick?: () => void;
}) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    http.download(apiPath(url)).then(
      ({ blob }) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (!src && !failed) return <Skeleton variant="rounded" width={size} height={size} />;
  return (
    <Box
      component="img"
      src={src ?? PHOTO_PLACEHOLDER}
      alt={alt}
      onClick={onClick}
      sx={{
        width: size,
        height: size,
        objectFit: 'cover',
        borderRadius: 1,
        display: 'block',
        bgcolor: 'action.hover',
        cursor: onClick ? 'zoom-in' : undefined,
      }}
    />
  );
}
