import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MSG, type Local, formatDateTime } from '@tombo/shared';
import { useCan } from '../../lib/permissions';
import { CrudPage, type CrudColumn } from '../../components/register/crud';
import type { PageProps } from '../../lib/feature';
import { sortByName, useSectors } from '../sectors';
import { LocalFormDialog } from './LocalFormDialog';
import { useLocais, useLocalMutations } from './queries';

/** /locais: list of locations; create / edit / delete with 'locais:manage', read-only otherwise. */
export default function LocaisPage({ title }: PageProps) {
  const can = useCan();
  const canManage = can('locais:manage');
  const [sectorId, setSectorId] = useState<number | undefined>(undefined);
  const query = useLocais(sectorId, { toastOnError: true });
  const sectors = sortByName(useSectors().data?.sectors ?? []);
  const { create, update, remove } = useLocalMutations();
  const sectorName = (id: number) => sectors.find((s) => s.id === id)?.name;
  const columns: CrudColumn<Local>[] = [
    { key: 'name', label: 'Nome', render: (l) => l.name },
    { key: 'sector', label: 'Setor', render: (l) => l.sectorName || sectorName(l.sectorId) || '—' },
    { key: 'updatedAt', label: 'Atualizado em', wide: true, render: (l) => formatDateTime(l.updatedAt) },
  ];

  const filter = (
    <Box sx={{ mb: 2, maxWidth: 360 }}>
      <TextField
        select
        id="locais-sector-filter"
        label="Filtrar por setor"
        size="small"
        fullWidth
        value={sectorId ?? ''}
        onChange={(e) => setSectorId(e.target.value === '' ? undefined : Number(e.target.value))}
      >
        <MenuItem value="">Todos os setores</MenuItem>
        {sectors.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );

  return (
    <CrudPage
      header={{
        title,
        subtitle: canManage
          ? 'Locais onde os bens ficam, organizados por setor.'
          : 'Consulta dos locais cadastrados, organizados por setor.',
      }}
      newLabel="Novo Local"
      canManage={canManage}
      above={filter}
      query={{ ...query, data: query.data?.locais }}
      rows={sortByName}
      errorText={MSG.locais.loadFailed}
      empty={{ title: 'Nenhum local cadastrado.', description: 'Use "Novo Local" para cadastrar o primeiro.' }}
      label="Locais"
      columns={columns}
      rowLabel={(l) => `local ${l.name}`}
      dialog={({ open, record, onClose }) => (
        <LocalFormDialog
          open={open}
          local={record}
          sectors={sectors}
          defaultSectorId={sectorId}
          busy={create.isPending || update.isPending}
          onClose={onClose}
          onSubmit={(values) =>
            record
              ? update.mutate({ local: record, ...values }, { onSuccess: onClose })
              : create.mutate(values, { onSuccess: onClose })
          }
        />
      )}
      remove={{
        title: 'Excluir local',
        message: (l) => (
          <>
            Tem certeza que deseja excluir o local <strong>{l.name}</strong>? Esta ação não pode ser desfeita.
          </>
        ),
        busy: remove.isPending,
        run: (l, done) => remove.mutate(l, { onSettled: done }),
      }}
    />
  );
}
