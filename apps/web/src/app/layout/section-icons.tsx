import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  BarChartOutlined,
  CalendarOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FundOutlined,
  GiftOutlined,
  HeartOutlined,
  HomeOutlined,
  LayoutOutlined,
  MedicineBoxOutlined,
  MessageOutlined,
  MobileOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TeamOutlined,
} from '@ant-design/icons';

/** The catalogue's section icon names → icons (only these are bundled). */
const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  setting: <SettingOutlined />,
  message: <MessageOutlined />,
  safety: <SafetyOutlined />,
  'file-text': <FileTextOutlined />,
  shop: <ShopOutlined />,
  layout: <LayoutOutlined />,
  team: <TeamOutlined />,
  gift: <GiftOutlined />,
  calendar: <CalendarOutlined />,
  'bar-chart': <BarChartOutlined />,
  appstore: <AppstoreOutlined />,
  'file-search': <FileSearchOutlined />,
  mobile: <MobileOutlined />,
  shopping: <ShoppingOutlined />,
  'medicine-box': <MedicineBoxOutlined />,
  schedule: <ScheduleOutlined />,
  heart: <HeartOutlined />,
  fund: <FundOutlined />,
};

export function sectionIcon(name: string): ReactNode {
  return ICONS[name] ?? ICONS.appstore;
}
