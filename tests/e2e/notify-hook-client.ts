/**
 * The test side of the TEST-ONLY notify hook (`notify-hook.ts`, started by `start-server.ts` alone).
 * Kept apart from the hook so that a spec importing it never loads server modules.
 */
import type { Notification, NotificationType } from '@tombo/shared';

/** The hook's port: the e2e server's port + 10000, so parallel runs on different ports never share one. */
export const notifyHookPort = (serverPort: number) => serverPort + 10_000;

export interface HookNotification {
  email: string;
  title: string;
  description: string;
  type: NotificationType;
  link: string | null;
}

/** Makes the e2e server notify the user of `email` through the real `notify` command. */
export async function notifyThroughHook(baseURL: string, n: HookNotification): Promise<Notification[]> {
  const port = notifyHookPort(Number(new URL(baseURL).port));
  const res = await fetch(`http://127.0.0.1:${port}/notify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(n),
  });
  if (!res.ok) throw new Error(`notify hook: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { notifications: Notification[] }).notifications;
}

/** A property of the municipality of `email`, made by the hook (until the register's API lands). */
export async function newImovelThroughHook(
  baseURL: string,
  email: string,
  denominacao: string,
): Promise<{ id: number; numero_patrimonio: string; denominacao: string }> {
  const port = notifyHookPort(Number(new URL(baseURL).port));
  const res = await fetch(`http://127.0.0.1:${port}/imovel`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, denominacao }),
  });
  if (!res.ok) throw new Error(`imovel hook: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number; numero_patrimonio: string; denominacao: string };
}
