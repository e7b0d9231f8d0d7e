import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Add from '@mui/icons-material/Add';
import Assessment from '@mui/icons-material/AssessmentOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import { IMOVEL_MSG, IMOVEL_SORT_KEYS, formatInteger, type ImovelListItem } from '@tombo/shared';
import { RegisterList, type ListParams, type RegisterConfig } from '../../../components/register';
import type { PageProps } from '../../../lib/feature';
import { useCan } from '../../../lib/permissions';
import { exportImoveis } from '../api';
import { useImovelFields, useImovelList } from '../queries';
import { imovelActions, imovelColumns, imovelHref } from './columns';
import { IMOVEL_FILTER_KEYS, IMOVEL_PHONE_SORTS, imovelCard, imovelSortLabel, useImovelFilters } from './filters';
import { ImportDialog } from './ImportDialog';

function useImovelRows(params: ListParams) {
  const q = useImovelList(params);
  return { ...q, rows: q.data?.imoveis, total: q.data?.total };
}

/** /imoveis: the property register through the register kit. */
export default function ImoveisListPage({ title }: PageProps) {
  const can = useCan();
  const canWrite = can('imoveis:write');
  // The property report templates (spec §2.3) have no menu entry of their own (§2.4 lists three items).
  const canTemplates = can('reports:manage_templates');
  const fields = useImovelFields().data;
  const [importOpen, setImportOpen] = useState(false);
  const config = useMemo<RegisterConfig<ImovelListItem>>(
    () => ({
      id: 'imoveis',
      label: 'Imóveis cadastrados',
      noun: ['imóvel', 'imóveis'],
      count: (n) => `${formatInteger(n)} ${n === 1 ? 'imóvel encontrado' : 'imóveis encontrados'}`,
      searchLabel: 'Buscar por número ou denominação',
      emptyText: 'Nenhum imóvel cadastrado.',
      emptyFilteredText: 'Nenhum imóvel corresponde à busca ou aos filtros.',
      loadFailed: IMOVEL_MSG.loadFailed,
      shape: { sorts: IMOVEL_SORT_KEYS, defaultSort: 'createdAt', filterKeys: IMOVEL_FILTER_KEYS },
      useRows: useImovelRows,
      columns: imovelColumns((fields ?? []).filter((f) => f.isCustom)),
      useFilters: useImovelFilters,
      phoneSorts: IMOVEL_PHONE_SORTS,
      sortLabel: imovelSortLabel,
      card: imovelCard,
      rowHref: imovelHref,
      actions: imovelActions(canWrite),
      actionsWidth: canWrite ? 80 : 48,
      exportJob: { start: exportImoveis, title: 'Exportação de imóveis' },
    }),
    [fields, canWrite],
  );
  return (
    <>
      <RegisterList
        title={title}
        subtitle={
          canWrite
            ? 'Prédios e terrenos do município: endereço, áreas, situação e uso.'
            : 'Consulta dos imóveis do município.'
        }
        config={config}
        actions={
          <>
            {canWrite && (
              <>
                <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/imoveis/novo">
                  Novo Imóvel
                </Button>
                <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setImportOpen(true)}>
                  Importar
                </Button>
              </>
            )}
            {canTemplates && (
              <Button
                variant="outlined"
                startIcon={<Assessment />}
                component={RouterLink}
                to="/imoveis/relatorios/templates"
              >
                Relatórios
              </Button>
            )}
          </>
        }
      />
      {canWrite && <ImportDialog open={importOpen} onClose={() => setImportOpen(false)} />}
    </>
  );
}
