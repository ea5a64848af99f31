import { PAGES } from '@health/contract';
import type { PageSlice } from '../../shared/routing/route-handle';

/** The member area's pages. */
export const MEMBER_PAGES: PageSlice = {
  [PAGES.signIns]: { load: () => import('./sign-ins/SignInPage') },
  [PAGES.notices]: { load: () => import('./notices/NoticeListPage') },
  [PAGES.noticeEdit]: { load: () => import('./notices/NoticeEditPage') },
  [PAGES.pointsConfig]: { load: () => import('./points/PointsConfigPage') },
  [PAGES.pointsLedger]: { load: () => import('./points/PointsLedgerPage') },
  [PAGES.grades]: { load: () => import('./grades/GradePage') },
  [PAGES.gradeLogs]: { load: () => import('./grades/GradeLogPage') },
  [PAGES.channels]: { load: () => import('./channels/ChannelPage') },
  [PAGES.actionLogs]: { load: () => import('./action-logs/ActionLogPage') },
  [PAGES.logoffs]: { load: () => import('./logoffs/LogoffPage') },
  [PAGES.members]: { load: () => import('./members/MemberListPage') },
  [PAGES.memberDetail]: { load: () => import('./members/MemberDetailPage') },
  [PAGES.contacts]: { load: () => import('./contacts/FamilyManagePage') },
};
