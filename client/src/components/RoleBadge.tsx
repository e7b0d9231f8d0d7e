import Chip from '@mui/material/Chip';
import { ROLE_BADGE_COLOR, ROLE_LABELS, isRole } from '@tombo/shared';

/** Role badge with the spec §2.4 colours (unknown roles use the usuario gray). */
export function RoleBadge({ role, size = 'small' }: { role: string; size?: 'small' | 'medium' }) {
  const known = isRole(role);
  const color = known ? ROLE_BADGE_COLOR[role] : ROLE_BADGE_COLOR.usuario;
  return (
    <Chip
      size={size}
      label={known ? ROLE_LABELS[role] : role}
      sx={{ bgcolor: color, color: '#fff', fontWeight: 600, height: size === 'small' ? 22 : undefined }}
    />
  );
}
