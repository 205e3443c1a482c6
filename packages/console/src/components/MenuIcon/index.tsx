/**
 * Menu icons by name (SPEC §3 Menu node icon). Fixed menus and server menus store a name; an image
 * path (SPEC §5 image extensions) is shown as an image with the session `code`; unknown names fall
 * back to a neutral icon.
 */
import type { ReactNode } from 'react';
import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BellOutlined,
  BookOutlined,
  ClusterOutlined,
  CodeSandboxOutlined,
  DashboardOutlined,
  DeploymentUnitOutlined,
  FileTextOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  LinkOutlined,
  MailOutlined,
  MenuOutlined,
  MessageOutlined,
  PartitionOutlined,
  ProductOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  UploadOutlined,
  UserOutlined,
  UserSwitchOutlined,
  ApartmentOutlined,
  LayoutOutlined,
  DesktopOutlined,
  DatabaseOutlined,
  BranchesOutlined,
  FileSearchOutlined,
  ProfileOutlined,
} from '@ant-design/icons';
import { isImagePath } from '@mp/protocol';
import { fileUrl } from '../../api/client';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  product: <ProductOutlined />,
  tenant: <ClusterOutlined />,
  setting: <SettingOutlined />,
  role: <SafetyCertificateOutlined />,
  licence: <IdcardOutlined />,
  user: <UserOutlined />,
  key: <KeyOutlined />,
  menu: <MenuOutlined />,
  app: <AppstoreOutlined />,
  library: <BookOutlined />,
  org: <ApartmentOutlined />,
  relation: <PartitionOutlined />,
  team: <TeamOutlined />,
  station: <SolutionOutlined />,
  mapping: <UserSwitchOutlined />,
  account: <IdcardOutlined />,
  audit: <AuditOutlined />,
  workbench: <DesktopOutlined />,
  notice: <BellOutlined />,
  template: <FileTextOutlined />,
  message: <MessageOutlined />,
  page: <LayoutOutlined />,
  api: <ApiOutlined />,
  client: <LinkOutlined />,
  upload: <UploadOutlined />,
  home: <HomeOutlined />,
  mail: <MailOutlined />,
  module: <DeploymentUnitOutlined />,
  sandbox: <CodeSandboxOutlined />,
  // Names of antd icon components, as server menus send them.
  AppstoreOutlined: <AppstoreOutlined />,
  DatabaseOutlined: <DatabaseOutlined />,
  ApartmentOutlined: <ApartmentOutlined />,
  BranchesOutlined: <BranchesOutlined />,
  TeamOutlined: <TeamOutlined />,
  SafetyCertificateOutlined: <SafetyCertificateOutlined />,
  IdcardOutlined: <IdcardOutlined />,
  UserOutlined: <UserOutlined />,
  UserSwitchOutlined: <UserSwitchOutlined />,
  KeyOutlined: <KeyOutlined />,
  FileSearchOutlined: <FileSearchOutlined />,
  SettingOutlined: <SettingOutlined />,
  DashboardOutlined: <DashboardOutlined />,
  MenuOutlined: <MenuOutlined />,
  BellOutlined: <BellOutlined />,
  MessageOutlined: <MessageOutlined />,
  ApiOutlined: <ApiOutlined />,
  LinkOutlined: <LinkOutlined />,
  ProfileOutlined: <ProfileOutlined />,
};

/** The icon element for a menu icon name or image path. */
export function menuIcon(name: string | undefined): ReactNode {
  if (name && isImagePath(name)) {
    return <img src={fileUrl(name)} alt="" width={14} height={14} style={{ objectFit: 'contain', verticalAlign: '-2px' }} />;
  }
  return ICONS[name ?? ''] ?? <AppstoreOutlined />;
}
