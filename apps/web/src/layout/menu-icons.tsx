import {
  AppstoreOutlined,
  BarChartOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  FolderOutlined,
  FundOutlined,
  GlobalOutlined,
  IdcardOutlined,
  LineChartOutlined,
  LinkOutlined,
  MoneyCollectOutlined,
  ProfileOutlined,
  RobotOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Icon names used by the route table (meta.icon). */
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  setting: <SettingOutlined />,
  tool: <ToolOutlined />,
  folder: <FolderOutlined />,
  article: <FileTextOutlined />,
  robot: <RobotOutlined />,
  user: <UserOutlined />,
  team: <TeamOutlined />,
  money: <MoneyCollectOutlined />,
  order: <ShoppingOutlined />,
  queue: <DatabaseOutlined />,
  account: <IdcardOutlined />,
  profile: <ProfileOutlined />,
  sites: <UnorderedListOutlined />,
  all: <AppstoreOutlined />,
  overview: <FundOutlined />,
  visitor: <ProfileOutlined />,
  trend: <LineChartOutlined />,
  visitors: <GlobalOutlined />,
  refer: <LinkOutlined />,
  content: <BarChartOutlined />,
};

export function menuIcon(name: string | undefined): ReactNode {
  return name ? ICONS[name] : undefined;
}
