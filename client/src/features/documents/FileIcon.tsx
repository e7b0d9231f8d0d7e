import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import SlideshowOutlined from '@mui/icons-material/SlideshowOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';

/** What a content type is, in words a city hall uses (also the icon's label). */
export function fileKind(type: string): string {
  if (type === 'application/pdf') return 'PDF';
  if (type.startsWith('image/')) return 'Imagem';
  if (type.startsWith('text/csv') || /spreadsheet|ms-excel/.test(type)) return 'Planilha';
  if (/presentation|powerpoint/.test(type)) return 'Apresentação';
  if (type.startsWith('text/plain')) return 'Texto';
  if (/wordprocessing|msword|opendocument\.text/.test(type)) return 'Documento';
  return 'Arquivo';
}

const ICONS = {
  PDF: PictureAsPdfOutlined,
  Imagem: ImageOutlined,
  Planilha: TableChartOutlined,
  Apresentação: SlideshowOutlined,
  Texto: ArticleOutlined,
  Documento: DescriptionOutlined,
  Arquivo: InsertDriveFileOutlined,
} as const;

/** The icon of a document's type (PDF in red, the rest in the action colour). */
export function FileIcon({ type }: { type: string }) {
  const kind = fileKind(type) as keyof typeof ICONS;
  const Icon = ICONS[kind];
  return <Icon titleAccess={kind} color={kind === 'PDF' ? 'error' : 'action'} fontSize="small" />;
}
