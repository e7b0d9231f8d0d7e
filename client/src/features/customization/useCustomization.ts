import { useQuery } from '@tanstack/react-query';
import type { Customization } from '@tombo/shared';
import { cachedCustomization, customizationKey, fetchCustomization } from './customizationApi';

/**
 * Branding and login customization. Shows the local cache (or the defaults) at once,
 * then the server's values; a failed load is ignored (spec §8) and the cache stays.
 */
export function useCustomization(): Customization {
  const { data } = useQuery({
    queryKey: customizationKey,
    queryFn: fetchCustomization,
    placeholderData: cachedCustomization,
    retry: false,
  });
  return data ?? cachedCustomization();
}
