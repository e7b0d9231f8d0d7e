import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { RegrasDepreciacao } from '../depreciacao';
import { ConfigPanel } from './ConfigPanel';
import { ContasPanel } from './ContasPanel';
import { LancamentosPanel } from './LancamentosPanel';
import { LivrosPanel } from './LivrosPanel';
import { PlanoPanel } from './PlanoPanel';
import { RmbPanel } from './RmbPanel';

const ABAS = [
  { value: 'lancamentos', label: 'Lançamentos' },
  { value: 'livros', label: 'Diário e razão' },
  { value: 'rmb', label: 'Demonstrativo mensal' },
  { value: 'plano', label: 'Plano de contas' },
  { value: 'contas', label: 'Contas dos tipos' },
  { value: 'config', label: 'Prazo e regras' },
] as const;
type Aba = (typeof ABAS)[number]['value'];

/**
 * /contabilidade (admin, supervisor; issue 36): the entries Tombo posted (CSV for the accounting system), the journal
 * and the ledger per account of a period and the monthly statement (each as PDF and XLSX), the municipality's chart
 * of accounts, the accounts of each asset type and property situation, and the deadline.
 */
export default function ContabilidadePage({ title }: PageProps) {
  const [sp, setSp] = useSearchParams();
  const aba: Aba = ABAS.find((a) => a.value === sp.get('aba'))?.value ?? 'lancamentos';
  return (
    <>
      <PageHeader
        title={title}
        subtitle="Os lançamentos de cada fato do patrimônio, o diário, o razão e o demonstrativo mensal (em PDF e XLSX), o plano de contas do município e as contas de cada tipo de bem."
      />
      <Tabs
        value={aba}
        onChange={(_e, v: Aba) => setSp(v === 'lancamentos' ? {} : { aba: v }, { replace: true })}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {ABAS.map((a) => (
          <Tab
            key={a.value}
            value={a.value}
            label={a.label}
            id={`tab-${a.value}`}
            aria-controls={`painel-${a.value}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`painel-${aba}`} aria-labelledby={`tab-${aba}`}>
        {aba === 'lancamentos' && <LancamentosPanel />}
        {aba === 'livros' && <LivrosPanel />}
        {aba === 'rmb' && <RmbPanel />}
        {aba === 'plano' && <PlanoPanel />}
        {aba === 'contas' && <ContasPanel />}
        {aba === 'config' && (
          <>
            <ConfigPanel />
            <RegrasDepreciacao />
          </>
        )}
      </Box>
    </>
  );
}
