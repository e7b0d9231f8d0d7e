import Badge from '@mui/material/Badge';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { RegisterTabs } from './config';

/** A register's tabs ('Em aberto', 'Atrasados'…), a count in red on those that have one. */
export function ListTabs({
  tabs,
  values,
  value,
  counts,
  phone,
  onChange,
}: {
  tabs: RegisterTabs;
  values: readonly string[];
  value: string;
  counts?: Record<string, number | undefined>;
  phone: boolean;
  onChange: (tab: string) => void;
}) {
  return (
    <Tabs
      value={value}
      onChange={(_e, v: string) => onChange(v)}
      variant={phone ? 'fullWidth' : 'standard'}
      aria-label={tabs.label}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {values.map((v) => {
        const n = counts?.[v];
        return (
          <Tab
            key={v}
            value={v}
            label={
              n ? (
                <Badge badgeContent={n} color="error" sx={{ '& .MuiBadge-badge': { right: -12 } }}>
                  {tabs.labels[v]}
                </Badge>
              ) : (
                tabs.labels[v]
              )
            }
            sx={{ ...(phone ? { minWidth: 0, px: 0.5, fontSize: 13 } : {}), ...(n ? { pr: phone ? 2.5 : 3.5 } : {}) }}
          />
        );
      })}
    </Tabs>
  );
}
