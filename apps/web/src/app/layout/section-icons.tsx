import type { ReactNode } from 'react';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import BarChartOutlined from '@ant-design/icons/BarChartOutlined';
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import FileSearchOutlined from '@ant-design/icons/FileSearchOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import FundOutlined from '@ant-design/icons/FundOutlined';
import GiftOutlined from '@ant-design/icons/GiftOutlined';
import HeartOutlined from '@ant-design/icons/HeartOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import LayoutOutlined from '@ant-design/icons/LayoutOutlined';
import MedicineBoxOutlined from '@ant-design/icons/MedicineBoxOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import ScheduleOutlined from '@ant-design/icons/ScheduleOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import ShoppingOutlined from '@ant-design/icons/ShoppingOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';

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
