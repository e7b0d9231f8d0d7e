import { useEffect } from 'react';
import { HEADER_DEFAULTS, PRODUCT_NAME } from '@tombo/shared';
import { resolveImageUrl } from '../../lib/images';
import { useCustomization } from '../../features/customization';

export const DEFAULT_BROWSER_TITLE = `${PRODUCT_NAME} - ${HEADER_DEFAULTS.browserTitleSuffix}`;

/** Browser title and favicon from browserTitle / faviconUrl (spec §2.4 Branding). */
export function useDocumentBranding() {
  const { browserTitle, faviconUrl } = useCustomization();
  useEffect(() => {
    document.title = browserTitle?.trim() || DEFAULT_BROWSER_TITLE;
  }, [browserTitle]);
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = faviconUrl?.trim() ? resolveImageUrl(faviconUrl) : '/favicon.ico';
  }, [faviconUrl]);
}
