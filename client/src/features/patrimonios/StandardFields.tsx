import type { Control } from 'react-hook-form';
import { PATRIMONIO_STANDARD_LABELS as L } from '@tombo/shared';
import { FormDate, FormSection, FormText } from '../../components/register/form';
import type { FormValues } from './formModel';

interface Props {
  control: Control<FormValues>;
  disabled?: boolean;
}

/** 'Identificação e aquisição' of the asset form: the standard fields real registers carry (issue 35). */
export function StandardFields({ control, disabled }: Props) {
  const common = { control, disabled };
  // No maxLength: a pasted text too long would be cut without a word; the shared schema says the limit instead.
  const text = (name: keyof FormValues & string, id: string, label: string, help?: string) => (
    <FormText {...common} name={name} id={`bem-${id}`} label={label} help={help} />
  );
  return (
    <FormSection title="Identificação e aquisição" id="bem-aquisicao-titulo" columns={3}>
      {text('marca', 'marca', L.marca)}
      {text('modelo', 'modelo', L.modelo)}
      {text('numeroSerie', 'numero-serie', L.numeroSerie)}
      {text('fornecedorNome', 'fornecedor-nome', L.fornecedorNome, 'Razão social ou nome.')}
      <FormText
        {...common}
        name="fornecedorCnpj"
        id="bem-fornecedor-cnpj"
        label={L.fornecedorCnpj}
        placeholder="00.000.000/0000-00"
        help="Com ou sem pontuação; os dígitos verificadores são conferidos."
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      {text('notaFiscalNumero', 'nota-fiscal-numero', L.notaFiscalNumero, 'Número da nota fiscal.')}
      <FormDate {...common} name="notaFiscalData" id="bem-nota-fiscal-data" label={L.notaFiscalData} />
      {text('empenho', 'empenho', L.empenho, 'Número da nota de empenho.')}
      {text('processoAquisicao', 'processo-aquisicao', L.processoAquisicao)}
      {text('fonteRecurso', 'fonte-recurso', L.fonteRecurso)}
      <FormDate
        {...common}
        name="dataBaixa"
        id="bem-data-baixa"
        label={L.dataBaixa}
        help="Quando o bem foi baixado no sistema de origem."
      />
    </FormSection>
  );
}
