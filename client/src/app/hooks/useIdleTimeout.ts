import { useEffect, useRef } from 'react';
import { IDLE_TIMEOUT_MS } from '@tombo/shared';

const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'scroll', 'touchstart'] as const;

/**
 * Calls onIdle after `timeoutMs` without user activity (spec §4). Uses Date.now() and
 * setTimeout only, so a controlled clock (Playwright page.clock) can drive it.
 */
export function useIdleTimeout(enabled: boolean, onIdle: () => void, timeoutMs: number = IDLE_TIMEOUT_MS) {
  const onIdleRef = useRef(onIdle);
  useEffect(() => {
    onIdleRef.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    if (!enabled) return;
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const idle = Date.now() - lastActivity;
      if (idle >= timeoutMs) {
        onIdleRef.current();
        return;
      }
      timer = setTimeout(check, timeoutMs - idle);
    };
    const onActivity = () => {
      lastActivity = Date.now();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    timer = setTimeout(check, timeoutMs);
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [enabled, timeoutMs]);
}
