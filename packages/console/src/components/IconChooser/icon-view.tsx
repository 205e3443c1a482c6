/**
 * Shows an icon value (SPEC §3 Menu node icon): a system icon by its Ant Design name, or an uploaded
 * image (`file:<id>`, read through `fileUrl` with the session code). Nothing for an empty value; a
 * neutral icon for an unknown name.
 */
import { AppstoreOutlined } from '@ant-design/icons';
import { Paths } from '@mp/protocol';
import { fileUrl } from '../../api/client';
import { isFileIcon } from './check';
import { useIconSet } from './use-icon-set';

export interface IconViewProps {
  value: string | undefined;
  /** Side in px (default 14). */
  size?: number;
}

/** See the module docs. */
export default function IconView({ value, size = 14 }: IconViewProps) {
  const set = useIconSet();
  if (!value) return null;
  if (isFileIcon(value)) {
    const url = `${Paths.getfile}/${value.slice('file:'.length)}`;
    return <img src={fileUrl(url)} alt="" width={size} height={size} style={{ objectFit: 'contain', verticalAlign: '-2px' }} />;
  }
  const Icon = set?.iconComponent(value);
  return Icon ? <Icon style={{ fontSize: size }} /> : <AppstoreOutlined style={{ fontSize: size, opacity: set ? 0.4 : 1 }} />;
}
