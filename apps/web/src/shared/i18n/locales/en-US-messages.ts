import {
  COMPONENTS,
  ROOT_FIELDS,
  type FieldDef,
  DEVICE_STATUS_LABELS,
  DEVICE_STATUS_LABELS_EN,
  DEVICE_TRANSITION_LABELS,
  DEVICE_TRANSITION_LABELS_EN,
  LINK_TYPES,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_LABELS_EN,
  ORDER_STEP_LABELS,
  TASK_STATUS_LABELS,
  TASK_STATUS_LABELS_EN,
  TASK_STEP_LABELS,
} from '@health/contract';
import { fieldName as f, type MessageTable, type MessageTemplate } from '../messages';

/**
 * English of the contract's and the server's Chinese messages and of the field names inside them
 * (see ../messages.ts). Grouped by the contract module that writes them.
 */
const texts: Record<string, string> = {
  /* ---------------------------------------------------------------- integralmall: orders */
  订单不存在: 'The order does not exist',
  请选择商品: 'Please choose the goods',
  商品不存在或已删除: 'The goods do not exist or were deleted',
  商品已下架: 'The goods are off the shelf',
  库存不足: 'Not enough stock',
  兑换数量应为1到99的整数: 'The quantity must be a whole number from 1 to 99',
  请填写收货人: 'Please enter the receiver',
  请填写收货人手机号: "Please enter the receiver's phone",
  请填写收货地址: 'Please enter the address',
  '缺少请求标识，请刷新后重试': 'The request key is missing; refresh and try again',
  '请求标识只能包含字母、数字、连字符和下划线（最多64个字符）':
    'The request key may only have letters, digits, hyphens and underscores (at most 64)',
  请填写快递单号: 'Please enter the tracking number',
  '快递单号应为6到32位字母、数字或连字符':
    'A tracking number has 6 to 32 letters, digits or hyphens',
  '订单状态已被他人更新，请刷新后重试':
    'Someone else changed the order meanwhile; refresh and try again',
  服务套餐订单无需发货: 'A service package order is not shipped',
  下单成功: 'Order placed',
  已发货: 'Shipped',
  '订单已取消，积分与库存已退回': 'Order cancelled: the points and the stock went back',
  已确认收货: 'Receipt confirmed',
  请选择快递单文件: "Please choose the courier's file",
  '只能上传 xlsx 或 csv 文件，请使用发货模板':
    'Only xlsx or csv files: please use the shipping template',
  '文件不能超过 5 MB': 'The file may be at most 5 MB',
  '文件缺少“订单号”“快递公司”或“快递单号”列，请使用发货模板':
    'The file lacks the order number, courier or tracking number column: please use the shipping template',
  '文件超过2000行，请拆分后分批上传':
    'The file has more than 2000 rows: split it and upload the parts',
  '发货批次不存在或已过期，请重新上传':
    'The checked file does not exist or has expired: upload it again',
  '该文件已发货，请重新上传': 'This file was shipped already: upload a new one',
  没有可发货的有效行: 'No valid rows to ship',
  订单状态不正确: 'The order status is not valid',
  订单编号: 'Order ID',
  商品: 'Goods',
  收货人: 'Receiver',
  收货地址: 'Address',
  发货批次: 'Shipping batch',
  /* ---------------------------------------------------------------- health: workbench, reports */
  预警不存在: 'The alert does not exist',
  该预警已处理完毕: 'This alert has been dealt with',
  您没有认领该预警: 'You have not claimed this alert',
  请先认领该预警再撰写报告: 'Claim the alert before writing its report',
  '该周期内没有血压读数，不能签名或发布报告，请调整报告周期':
    'The period has no BP readings, so the report cannot be signed or published: change its period',
  '该接口是事件流，请以 Accept: text/event-stream 连接':
    'This endpoint is an event stream: connect with Accept: text/event-stream',
  报告不存在或已被删除: 'The report does not exist or was deleted',
  请选择测量记录或会员: 'Please choose a reading or a member',
  请说明修订原因: 'Please say why the report is amended',
  '报告已签名，内容不能再修改': 'The report is signed: its text can no longer change',
  报告尚未签名: 'The report is not signed yet',
  报告已发布: 'The report is published already',
  只有已发布的报告可以修订或分享: 'Only a published report can be amended or shared',
  '该版本已被新版本取代，请修订最新版本':
    'A newer version replaced this one; amend the latest version',
  该报告已有未发布的修订版本: 'This report already has an unpublished amendment',
  只有草稿可以删除: 'Only a draft can be deleted',
  链接无效或已被篡改: 'The link is not valid or has been altered',
  '链接已过期，请联系医生重新获取': 'The link has expired; ask the doctor for a new one',
  '链接已失效，请联系医生重新获取': 'The link was withdrawn; ask the doctor for a new one',
  预警不存在或不属于该测量记录: 'The alert does not exist or is not one of this reading',
  认领筛选不正确: 'The claim filter is not valid',
  测量项最多20项: 'At most 20 measurements',
  片段最多6段: 'At most 6 strips',
  '有效天数为1-90天': 'A link lasts 1 to 90 days',
  报告周期: 'report period',
  周期结束时间不能早于开始时间: 'The period cannot end before it starts',
  报告周期最长90天: 'A report period is at most 90 days',
  认领有效时长: 'Claim duration',
  预警等待时限: 'Alert wait limit',
  报告链接有效天数: 'Report link validity (days)',
  预警编号: 'Alert ID',
  测量记录: 'Reading',
  报告编号: 'Report ID',
  测量项名称: 'Measurement name',
  说明: 'Note',
  结论: 'Conclusion',
  建议: 'Advice',
  修订原因: 'Reason for the amendment',
  报告状态: 'Report status',
  报告类型: 'Report type',
  /* ---------------------------------------------------------------- integralmall: goods, package types */
  商品不存在或已被删除: 'The goods item does not exist or was deleted',
  请上传至少1张商品图片: 'Please upload at least 1 image of the goods',
  商品图片最多9张: 'At most 9 images',
  '商品图片必须是上传的图片或 http(s) 地址': 'An image must be an uploaded image or an http(s) URL',
  所选套餐类型不存在: 'The chosen package type does not exist',
  所选套餐类型已停用: 'The chosen package type is disabled',
  商品详情过长: 'The details are too long',
  请先下架商品: 'Take the goods off shelf first',
  '商品待审核，审核通过后才能上架':
    'The goods item awaits review: it can go on shelf once approved',
  '商品审核未通过，请修改后重新提交审核':
    'The goods item was rejected: change it and submit it for review again',
  '已开启商品审核，新商品需审核通过后才能上架':
    'Review before listing is on: a new item can go on shelf only once approved',
  该商品不在待审核状态: 'This goods item is not awaiting review',
  '没有上架/下架商品的权限': 'No permission to put goods on or off shelf',
  请选择审核结果: 'Please choose the decision',
  请选择上架或下架: 'Please choose on or off shelf',
  商品已在架上: 'The goods item is on shelf already',
  保存成功: 'Saved',
  '已保存，商品已提交审核，审核通过后才能上架':
    'Saved and submitted for review: it can go on shelf once approved',
  '已保存，商品已下架并提交审核，审核通过后才能重新上架':
    'Saved: the item is off shelf and submitted for review until it is approved again',
  上架状态不正确: 'The shelf state is not valid',
  审核状态不正确: 'The review status is not valid',
  库存预警筛选不正确: 'The low-stock filter is not valid',
  原库存格式不正确: 'The stock the form showed is not valid',
  商品名称: 'Goods name',
  商品图片: 'Image',
  商品图片地址: 'Image URL',
  积分价格: 'Points price',
  现金价格: 'Cash price',
  库存: 'Stock',
  每人限兑: 'Limit per member',
  商品详情: 'Details',
  套餐类型: 'Package type',
  库存预警值: 'Low-stock threshold',
  商品默认排序: 'Default goods order',
  请选择是否开启商品审核: 'Please choose whether goods are reviewed before listing',
  请选择是否展示售罄商品: 'Please choose whether sold-out goods are shown',
  套餐类型不存在或已被删除: 'The package type does not exist or was deleted',
  类型名称已存在: 'A package type of this name exists already',
  服务包至少包含一项健康任务: 'A service package has at least one health task',
  实物商品类型不能包含健康任务: 'A goods category has no health tasks',
  同一任务类型只能添加一次: 'Each task type can be added once',
  健康任务最多5项: 'At most 5 health tasks',
  类型名称: 'Type name',
  类型性质: 'Kind',
  类型说明: 'Description',
  任务次数: 'Task count',
  类型性质不正确: 'The kind is not valid',
  /* ---------------------------------------------------------------- health: tasks */
  任务不存在: 'The task does not exist',
  请选择执行人: 'Please choose an assignee',
  '执行人不存在、已停用或不是医生 / 医生助理':
    'The assignee does not exist, is disabled or is not a doctor or an assistant',
  请选择预约时间: 'Please choose the appointment time',
  预约时间不能早于当前时间: 'The appointment cannot be in the past',
  预约时间不能晚于180天后: 'The appointment must be within 180 days',
  '预约时间不能晚于任务截止时间，请先修改截止时间':
    "The appointment cannot be after the task's deadline: change the deadline first",
  截止时间不能早于已预约的时间: 'The deadline cannot be before the booked appointment',
  请填写完成情况: 'Please describe the outcome',
  请填写取消原因: 'Please give the reason for cancelling',
  '任务已完成或已取消，不能再修改': 'The task is done or cancelled and can no longer change',
  '任务状态已被他人更新，请刷新后重试': 'Someone has just changed this task; refresh and retry',
  任务状态不正确: 'The task status is not valid',
  任务类型不正确: 'The task type is not valid',
  任务来源不正确: 'The task source is not valid',
  请选择任务类型: 'Please choose the task type',
  任务编号: 'Task ID',
  执行人: 'Assignee',
  任务标题: 'Task title',
  任务说明: 'Task notes',
  预约备注: 'Booking note',
  完成情况: 'Outcome',
  取消原因: 'Reason',
  该任务未分配给你: 'This task is not assigned to you',
  只有电话随访任务可以在此记录随访: 'Only follow-up calls are recorded here',
  寄回记录不存在或已签收: 'The return does not exist or has been received',
  请选择随访结果: 'Please choose the result of the call',
  随访记录: 'Call notes',
  寄回记录: 'Return',
  签收说明: 'Receipt note',
  请选择统计时间段: 'Please choose the period',
  统计时间段最长366天: 'The period may be at most 366 days',
  统计指标不存在: 'There is no such metric',
  该指标不能按此维度拆分: 'This metric cannot be broken down that way',
  一次导出最多12个拆分: 'An export takes at most 12 breakdowns',
  统计时间段不能晚于今天: 'The period cannot end after today',
  没有查看该统计指标的权限: 'You may not view this metric',
  大屏链接无效: 'The screen link is not valid',
  '大屏链接已过期，请重新创建': 'The screen link has expired: make a new one',
  大屏链接已被撤销: 'The screen link was revoked',
  大屏链接不存在: 'There is no such screen link',
  该大屏链接已撤销: 'This screen link is already revoked',
  有效期须晚于当前时间: 'The expiry must be later than now',
  有效期最长为366天: 'A link may be valid for at most 366 days',
  请选择有效期: 'Please choose until when the link is valid',
  请输入链接名称: 'Please enter the name of the link',
  链接名称最多30个字符: 'The name may have at most 30 characters',
  大屏链接编号不正确: 'The screen link id is not valid',
  '请以 text/event-stream 方式订阅': 'Subscribe with Accept: text/event-stream',
  人员: 'Staff member',
  /* ---------------------------------------------------------------- health: plans */
  健康管理方案不存在: 'The care plan does not exist',
  该会员已有执行中的健康管理方案: 'This member already has an active care plan',
  请填写方案标题: 'Please enter the plan title',
  目标不能为空: 'A goal cannot be empty',
  请填写药品名称: 'Please enter the drug',
  请至少填写一个服药时间: 'Please give at least one time to take it',
  '服药时间格式应为 HH:mm': 'Times are written HH:mm',
  每种药品最多6个服药时间: 'At most 6 times per drug',
  随访间隔应在7到90天之间: 'The follow-up interval is 7 to 90 days',
  随访次数应在1到24次之间: 'The number of follow-ups is 1 to 24',
  首次随访日期: 'first follow-up date',
  '方案已结束，不能修改': 'The plan has ended and can no longer change',
  '方案的任务已有预约或完成，不能删除，请结束方案':
    'Some of the plan’s tasks are booked or done; end the plan instead of deleting it',
  方案状态: 'Plan status',
  方案编号: 'Plan ID',
  方案标题: 'Plan title',
  目标: 'Goals',
  饮食建议: 'Diet',
  运动建议: 'Exercise',
  用药提醒: 'Medication reminders',
  药品名称: 'Drug',
  剂量: 'Dose',
  用药备注: 'Medication note',
  /* ---------------------------------------------------------------- envelope, session, login */
  '无操作权限,请联系管理员添加权限并重新登录':
    'No permission. Ask an administrator to grant it, then log in again',
  '登录状态已失效，请重新登录': 'Your session has ended, please log in again',
  '提交的内容有误，请检查后重试': 'Some values are not valid, please check them and retry',
  '内容包含不允许的控制字符，请删除后重试':
    'The text contains control characters that are not allowed; remove them and retry',
  请求的接口不存在: 'The requested endpoint does not exist',
  '请求过于频繁，请稍后再试': 'Too many requests, please retry later',
  '服务器开小差了，请稍后重试': 'Server error, please retry later',
  '网络异常，请检查网络连接后重试': 'Network error, please check your connection and retry',
  '请求超时，请稍后重试': 'The request timed out, please retry later',
  '验证码错误或已过期，请重新输入': 'Wrong or expired verification code, please enter it again',
  '登录失败次数较多，请输入验证码': 'Several failed logins: please enter the verification code',
  用户名或密码错误: 'Wrong user name or password',
  '该账号已被停用，请联系管理员': 'This account is disabled; contact an administrator',
  系统配置已刷新: 'Settings reloaded',
  '密码修改成功，请重新登录': 'Password changed, please log in again',
  旧密码不正确: 'The old password is wrong',
  新密码不能与旧密码相同: 'The new password must differ from the old one',
  已退出登录: 'Logged out',
  '已轮换的刷新令牌被再次使用（可能已泄露），该会话已全部结束':
    'A rotated refresh token was used again (it may have leaked): the session has been ended',
  '请先修改初始密码，修改后才能继续使用系统':
    'Change the initial password first to continue using the system',
  用户名过长: 'The user name is too long',
  密码过长: 'The password is too long',
  请输入用户名: 'Please enter the user name',
  请输入密码: 'Please enter the password',
  '验证码已失效，请刷新': 'The verification code has expired, please refresh it',
  验证码格式不正确: 'The verification code is not valid',
  缺少刷新令牌: 'The refresh token is missing',
  会话已结束: 'Session ended',

  /* ---------------------------------------------------------------- password */
  请输入旧密码: 'Please enter the old password',
  请输入新密码: 'Please enter the new password',
  请再次输入密码: 'Please enter the password again',
  两次输入的密码不一致: 'The two passwords do not match',
  '请输入6-20位字符': 'Please enter 6-20 characters',
  '密码必须包含大写字母、小写字母、数字、特殊符号中的三种':
    'The password must contain three of: uppercase, lowercase, digit, special symbol',
  '密码长度为6-20位，须包含大写字母、小写字母、数字、特殊符号中的至少三种':
    '6-20 characters with at least three of: uppercase, lowercase, digit, special symbol',
  密码最多20位: 'The password may have at most 20 characters',

  /* ---------------------------------------------------------------- shared fields, lists */
  请输入手机号码: 'Please enter the mobile number',
  请输入手机号: 'Please enter the mobile number',
  请输入正确的11位手机号码: 'Please enter a valid 11-digit mobile number',
  请输入正确的11位手机号: 'Please enter a valid 11-digit mobile number',
  '手机号只能输入数字（最多11位）': 'A mobile number has digits only (at most 11)',
  一次最多删除100条: 'At most 100 records can be deleted at once',
  请选择要删除的记录: 'Please select the records to delete',
  时间格式不正确: 'The time is not valid',
  结束时间不能早于开始时间: 'The end time cannot be before the start time',
  结束时间必须晚于开始时间: 'The end time must be after the start time',
  不支持按该字段排序: 'Sorting by this field is not supported',
  '排序方向只能是 ascend 或 descend': 'The sort order must be ascend or descend',
  筛选条件不正确: 'The filter is not valid',
  状态不正确: 'The status is not valid',
  类型不正确: 'The type is not valid',
  请选择是否启用: 'Please choose whether it is enabled',
  请选择启用或停用: 'Please choose enabled or disabled',
  启用状态不正确: 'The enabled state is not valid',
  请至少选择一项: 'Please select at least one',
  '只能上传 PNG、JPEG、GIF 或 WebP 图片（按文件内容识别）':
    'Only PNG, JPEG, GIF or WebP images can be uploaded (judged by the file content)',
  '图片不能超过 5 MB': 'The image may not exceed 5 MB',
  请选择要上传的图片: 'Please choose an image to upload',
  '日期格式应为 YYYY-MM-DD': 'The date must be written YYYY-MM-DD',
  日期范围最多366天: 'The date range may span at most 366 days',
  结束日期不能早于开始日期: 'The end date cannot be before the start date',

  /* ---------------------------------------------------------------- field names */
  编号: 'ID',
  记录编号: 'Record ID',
  会员编号: 'Member ID',
  操作员编号: 'Operator ID',
  权限组编号: 'Group ID',
  会话编号: 'Session ID',
  页码: 'Page',
  每页条数: 'Page size',
  排序: 'Sort order',
  备注: 'Remark',
  姓名: 'Name',
  简介: 'Introduction',
  描述: 'Description',
  用户名: 'User name',
  权限组: 'Permission group',
  权限组名称: 'Group name',
  会员等级: 'Member grade',
  渠道: 'Channel',
  省份: 'Province',
  城市: 'City',
  详细地址: 'Address',
  成长值: 'Growth value',
  冻结原因: 'Freeze reason',
  解冻原因: 'Unfreeze reason',
  等级: 'Grade',
  等级名称: 'Grade name',
  图标地址: 'Icon URL',
  所需成长值: 'Growth value required',
  等级权益: 'Grade benefits',
  积分倍率: 'Points multiplier',
  修改原因: 'Reason',
  成长值变化: 'Growth change',
  渠道名称: 'Channel name',
  渠道编码: 'Channel code',
  驳回原因: 'Rejection reason',
  协议标题: 'Agreement title',
  协议编码: 'Agreement code',
  搜索词: 'Search word',
  模板名称: 'Template name',
  模板编码: 'Template code',
  服务商模板ID: 'Provider template ID',
  模板内容: 'Template content',
  通知标题: 'Notice title',
  通知内容: 'Notice content',
  封面: 'Cover',
  连续天数: 'Streak days',
  天数: 'The number of days',
  连续签到天数: 'Streak days',
  奖励积分: 'Reward points',
  每日签到积分: 'Daily check-in points',
  签到规则说明: 'Check-in rules text',
  开始日期: 'Start date',
  结束日期: 'End date',
  提醒时间: 'Reminder time',
  调整原因: 'Reason',
  调整数量: 'Amount',
  注册奖励积分: 'Registration points',
  上传测量积分: 'Measurement upload points',
  完成健康任务积分: 'Health task points',
  每消费1元获得积分: 'Points per yuan spent',
  每日获取上限: 'Daily cap',
  过期月数: 'Expiry months',
  // site_info, pic_set, order, base_set, app_set, pay_set, conversation_set
  平台名称: 'Platform name',
  '平台 Logo': 'Platform logo',
  '后台 Logo': 'Console logo',
  客服电话: 'Customer service phone',
  'ICP 备案号': 'ICP record number',
  版权信息: 'Copyright',
  'H5 域名': 'H5 domain',
  商品默认图: 'Default goods image',
  会员默认头像: 'Default member avatar',
  设备默认图: 'Default device image',
  分享图: 'Share image',
  未支付自动取消时间: 'Unpaid order auto-cancel time',
  自动确认收货天数: 'Auto-confirm receipt days',
  售后期限天数: 'After-sale window days',
  设备押金: 'Device deposit',
  设备归还期限天数: 'Device return deadline days',
  收件人: 'Receiver',
  收件电话: 'Receiver phone',
  收件地址: 'Return address',
  默认会员等级: 'Default member grade',
  积分名称: 'Points name',
  客服开始时间: 'Service start time',
  客服结束时间: 'Service end time',
  'APP 名称': 'App name',
  'APP 图标': 'App icon',
  'Android 最新版本': 'Android latest version',
  'Android 最低版本': 'Android minimum version',
  'Android 下载地址': 'Android download URL',
  'Android 更新说明': 'Android release notes',
  'iOS 最新版本': 'iOS latest version',
  'iOS 最低版本': 'iOS minimum version',
  'iOS 下载地址': 'iOS download URL',
  'iOS 更新说明': 'iOS release notes',
  支付超时时间: 'Payment timeout',
  积分抵扣比例: 'Points per yuan',
  积分抵扣上限: 'Points deduction cap',
  服务开始时间: 'Service start time',
  服务结束时间: 'Service end time',
  '问诊费用（积分）': 'Consultation fee (points)',
  每月免费次数: 'Free consultations per month',
  无回复自动结束时间: 'Auto-close after idle',
  欢迎语: 'Welcome text',
  接诊医生: 'Consulting doctors',
  // prewarning_set
  一级收缩压下限: 'Grade 1 systolic from',
  一级舒张压下限: 'Grade 1 diastolic from',
  二级收缩压下限: 'Grade 2 systolic from',
  二级舒张压下限: 'Grade 2 diastolic from',
  三级收缩压下限: 'Grade 3 systolic from',
  三级舒张压下限: 'Grade 3 diastolic from',
  低血压收缩压: 'Hypotension systolic below',
  低血压舒张压: 'Hypotension diastolic below',
  收缩压: 'systolic',
  舒张压: 'diastolic',
  空腹正常下限: 'Fasting normal lower bound',
  空腹正常上限: 'Fasting normal upper bound',
  空腹高血糖: 'Fasting high',
  餐后高血糖: 'Postprandial high',
  随机高血糖: 'Random high',
  低血糖: 'Low glucose',
  严重低血糖: 'Severe low glucose',
  胆固醇边缘升高: 'Cholesterol borderline',
  边缘升高: 'Borderline',
  升高: 'High',
  胆固醇升高: 'Cholesterol high',
  男性尿酸上限: 'Uric acid limit (men)',
  女性尿酸上限: 'Uric acid limit (women)',
  心率预警下限: 'Heart rate warning low',
  心率预警上限: 'Heart rate warning high',
  心率紧急下限: 'Heart rate urgent low',
  心率紧急上限: 'Heart rate urgent high',
  血压: 'Blood pressure',
  血糖: 'Blood glucose',
  总胆固醇: 'Total cholesterol',
  尿酸: 'Uric acid',
  心电: 'ECG',
  // payments
  商户号: 'Merchant ID',
  AppID: 'AppID',
  'API 密钥': 'API key',
  私钥: 'Private key',
  证书: 'Certificate',
  平台公钥: 'Platform public key',
  微信支付: 'WeChat Pay',
  支付宝: 'Alipay',
  余额支付: 'Balance',

  /* ---------------------------------------------------------------- system settings */
  请选择是否开放注册: 'Please choose whether registration is open',
  请选择退款是否需要审核: 'Please choose whether refunds need approval',
  请选择是否开启在线问诊: 'Please choose whether online consultation is on',
  请选择接诊医生: 'Please choose the consulting doctors',
  接诊医生最多200位: 'At most 200 consulting doctors',
  客服结束时间必须晚于开始时间: 'The service end time must be after its start time',
  服务结束时间必须晚于开始时间: 'The service end time must be after its start time',
  开启在线问诊时至少选择一位接诊医生:
    'Choose at least one consulting doctor when online consultation is on',
  '归还地址的收件人、电话和地址需填写完整':
    'Fill in the return address completely: receiver, phone and address',
  '最低版本（强制更新）不能高于最新版本':
    'The minimum version (forced update) cannot be above the latest version',
  请选择预警级别: 'Please choose a warning level',
  未知的配置项: 'Unknown settings section',
  二级高血压的预警级别不能低于一级: 'Grade 2 cannot warn less than grade 1',
  三级高血压的预警级别不能低于二级: 'Grade 3 cannot warn less than grade 2',
  低血压的收缩压界限不能高于一级高血压下限:
    'The hypotension systolic bound cannot be above grade 1',
  低血压的舒张压界限不能高于一级高血压下限:
    'The hypotension diastolic bound cannot be above grade 1',
  空腹正常上限必须高于正常下限: 'The fasting normal upper bound must be above the lower bound',
  空腹高血糖界限必须高于空腹正常上限: 'Fasting high must be above the fasting normal upper bound',
  餐后高血糖界限必须高于空腹正常上限:
    'Postprandial high must be above the fasting normal upper bound',
  随机高血糖界限必须高于空腹正常上限: 'Random high must be above the fasting normal upper bound',
  低血糖界限不能高于空腹正常下限: 'Low glucose cannot be above the fasting normal lower bound',
  严重低血糖界限必须低于低血糖界限: 'Severe low glucose must be below low glucose',
  严重低血糖的预警级别不能低于低血糖: 'Severe low glucose cannot warn less than low glucose',
  '胆固醇“升高”界限必须高于“边缘升高”界限': 'Cholesterol high must be above borderline',
  '“升高”的预警级别不能低于“边缘升高”': 'High cannot warn less than borderline',
  心率预警上限必须高于预警下限: 'The heart rate warning high must be above its low',
  心率紧急下限必须低于预警下限: 'The heart rate urgent low must be below the warning low',
  心率紧急上限必须高于预警上限: 'The heart rate urgent high must be above the warning high',
  紧急心率的预警级别不能低于预警心率: 'The urgent heart rate cannot warn less than the warning one',
  未知的支付渠道: 'Unknown payment channel',
  'AppID 只能包含字母、数字、下划线和连字符':
    'The AppID may contain only letters, digits, underscores and hyphens',
  '商户号只能包含字母、数字、下划线和连字符':
    'The merchant ID may contain only letters, digits, underscores and hyphens',

  /* ---------------------------------------------------------------- authority */
  权限组不存在或已被删除: 'The permission group does not exist or was deleted',
  权限组名称已存在: 'A group with this name exists',
  '内置超级管理员分组拥有全部权限，不能编辑或删除':
    'The built-in super-admin group holds everything and cannot be edited or deleted',
  请至少选择一个页面: 'Please select at least one page',
  '该权限组包含你没有的权限，不能修改或删除':
    'This group holds permissions you do not have: you cannot change or delete it',
  '不能修改自己所在权限组的权限，请由其他管理员修改':
    'You cannot change your own group; ask another administrator',
  请输入权限组名称: 'Please enter the group name',
  请选择页面权限: 'Please select the page permissions',
  权限项过多: 'Too many permissions',
  操作员不存在或已被删除: 'The operator does not exist or was deleted',
  用户名已存在: 'The user name is taken',
  不能停用自己的账号: 'You cannot disable your own account',
  不能删除自己的账号: 'You cannot delete your own account',
  '这是超级管理员分组中最后一个启用的操作员，不能停用、删除或移出该分组':
    'This is the last enabled operator of the super-admin group: it cannot be disabled, deleted or moved out',
  会话不存在或已结束: 'The session does not exist or has ended',
  '不能结束当前会话，如需退出请使用“退出登录”':
    'You cannot end the current session here; use Log out instead',
  所选权限组不存在: 'The chosen group does not exist',
  '所选权限组包含你没有的权限，不能分配':
    'The chosen group holds permissions you do not have: you cannot assign it',
  '不能修改自己的权限组，请由其他管理员调整':
    'You cannot change your own group; ask another administrator',
  只有超级管理员才能查看或管理超级管理员账号:
    'Only a super-admin can view or manage a super-admin account',
  '该操作员的权限组包含你没有的权限，不能管理该账号':
    'This operator’s group holds permissions you do not have: you cannot manage the account',
  请输入姓名: 'Please enter the name',
  '用户名为3-32位字母、数字或下划线': 'A user name is 3-32 letters, digits or underscores',

  /* ---------------------------------------------------------------- members */
  会员不存在: 'The member does not exist',
  会员不存在或已被删除: 'The member does not exist or was deleted',
  会员已保存: 'Member saved',
  会员已冻结: 'Member frozen',
  会员已新增: 'Member added',
  会员已解冻: 'Member unfrozen',
  会员状态不正确: 'The member status is not valid',
  该会员已处于冻结状态: 'The member is already frozen',
  该会员未被冻结: 'The member is not frozen',
  '该会员已注销，不能修改': 'The member has logged off and cannot be changed',
  该手机号码已注册为会员: 'A member with this mobile number exists',
  所选渠道不存在: 'The chosen channel does not exist',
  '尚未配置会员等级，请先在“会员等级”中新增等级':
    'No member grade yet: add one under Member grades first',
  请输入冻结原因: 'Please enter the freeze reason',
  请选择性别: 'Please choose the gender',
  成长值不能小于0: 'The growth value must be at least 0',
  成长值必须是数字: 'The growth value must be a number',
  成长值必须是整数: 'The growth value must be a whole number',
  成长值过大: 'The growth value is too large',
  注册结束时间不能早于开始时间: 'The registration end cannot be before its start',
  活跃结束时间不能早于开始时间: 'The last-active end cannot be before its start',
  '生日格式应为YYYY-MM-DD': 'The birthday must be written YYYY-MM-DD',
  '身份证号码应为18位：前17位为数字，最后一位为数字或X':
    'An identity number has 18 characters: 17 digits, then a digit or X',
  '身份证号码校验位不正确，请核对后重新输入':
    'The identity number’s check digit is wrong; please check it',
  // grades
  会员等级不存在或已被删除: 'The grade does not exist or was deleted',
  请输入等级名称: 'Please enter the grade name',
  等级名称已存在: 'A grade with this name exists',
  请输入所需成长值: 'Please enter the growth value required',
  已有等级使用该成长值: 'Another grade uses this growth value',
  最低等级的所需成长值必须为0: 'The lowest grade must require a growth value of 0',
  '最低等级（成长值0）不能修改成长值': 'The lowest grade (growth 0) keeps its growth value',
  '最低等级（成长值0）不能删除': 'The lowest grade (growth 0) cannot be deleted',
  '该等级是基础设置中的默认会员等级，不能删除':
    'This grade is the default grade of the basic settings and cannot be deleted',
  请输入积分倍率: 'Please enter the points multiplier',
  该会员已注销: 'The member has logged off',
  请输入修改原因: 'Please enter the reason',
  会员已是该等级: 'The member already has this grade',
  请选择等级: 'Please choose a grade',
  变更原因不正确: 'The change reason is not valid',
  // contacts
  家庭成员不存在或已被删除: 'The family member does not exist or was deleted',
  请选择正确的关系: 'Please choose a valid relationship',
  家庭成员最多10人: 'At most 10 family members',
  家庭成员已新增: 'Family member added',
  家庭成员已保存: 'Family member saved',
  家庭成员已删除: 'Family member deleted',
  请输入家庭成员姓名: 'Please enter the family member’s name',
  是否接收预警短信不正确: 'The warning SMS choice is not valid',
  // channels
  渠道不存在或已被删除: 'The channel does not exist or was deleted',
  请输入渠道名称: 'Please enter the channel name',
  请输入渠道编码: 'Please enter the channel code',
  '渠道编码只能包含字母、数字、下划线和短横线':
    'A channel code may contain only letters, digits, underscores and hyphens',
  渠道编码已存在: 'The channel code is taken',
  '请先在站点配置中填写 H5 域名': 'Fill in the H5 domain under Site settings first',
  // logoffs
  注销申请不存在: 'The log-off request does not exist',
  该注销申请已处理: 'The log-off request was already handled',
  已通过: 'Approved',
  '已通过，会员个人信息已清除': 'Approved: the member’s personal data was erased',
  已驳回: 'Rejected',
  请输入驳回原因: 'Please enter the rejection reason',
  // points
  积分余额不足: 'Not enough points',
  '该会员已被冻结，不能获得或使用积分': 'The member is frozen and cannot earn or spend points',
  '该会员已注销，不能获得或使用积分': 'The member has logged off and cannot earn or spend points',
  请输入调整数量: 'Please enter the amount',
  调整数量必须是整数: 'The amount must be a whole number',
  调整数量不能为0: 'The amount cannot be 0',
  请输入调整原因: 'Please enter the reason',
  调整原因最多200个字: 'The reason may have at most 200 characters',
  积分已调整: 'Points adjusted',
  请选择过期策略: 'Please choose an expiry policy',
  请输入过期月数: 'Please enter the expiry months',
  过期月数必须是整数: 'The expiry months must be a whole number',
  过期月数不能小于1: 'The expiry months must be at least 1',
  过期月数不能大于120: 'The expiry months must be at most 120',
  请选择会员: 'Please choose a member',
  积分类型不正确: 'The points type is not valid',
  '收支方向只能是 plus 或 minus': 'The direction must be plus or minus',
  // sign-ins
  今日已签到: 'Already checked in today',
  签到功能未开启: 'Check-in is turned off',
  没有该手机号的会员: 'No member has this mobile number',
  '该会员状态异常（已冻结或已注销），不能签到':
    'The member is frozen or logged off and cannot check in',
  请输入会员手机号: 'Please enter the member’s mobile number',
  请选择是否开启签到: 'Please choose whether check-in is on',
  请选择是否开启签到提醒: 'Please choose whether the reminder is on',
  请选择提醒时间: 'Please choose the reminder time',
  '提醒时间格式应为 时:分（如 20:00）': 'The reminder time must be written HH:mm (e.g. 20:00)',
  请输入签到规则说明: 'Please enter the check-in rules text',
  签到规则说明最多1000个字: 'The rules text may have at most 1000 characters',
  连续签到天数不能重复: 'Each streak length may appear once',
  连续签到奖励格式不正确: 'The streak rewards are not valid',
  行为类型不正确: 'The action type is not valid',
  // device models, devices
  设备型号不存在或已被删除: 'The device model does not exist or was deleted',
  型号名称已存在: 'A model with this name exists',
  参数最多20项: 'At most 20 parameters',
  设备不存在或已被删除: 'The device does not exist or was deleted',
  '序列号为6到32位大写字母、数字或连字符，且以字母或数字开头':
    'A serial has 6 to 32 capital letters, digits or hyphens and starts with a letter or digit',
  该序列号已存在: 'A device with this serial exists',
  设备型号不存在: 'The device model does not exist',
  '该会员已冻结或注销，不能绑定设备': 'This member is frozen or logged off: no device can be bound',
  '设备状态已被他人修改，请刷新后重试': 'Someone changed the device meanwhile; refresh and retry',
  已报废的设备不能修改: 'A scrapped device cannot be changed',
  请输入手机号或姓名: 'Please enter a mobile number or a name',
  设备在线判定时长: 'Device online window',
  参数名称: 'Parameter name',
  参数值: 'Parameter value',
  型号名称: 'Model name',
  生产厂家: 'Maker',
  设备型号: 'Device model',
  设备类型: 'Device type',
  设备状态: 'Device status',
  在线状态: 'Online status',
  寄回状态: 'Return status',
  设备序列号: 'Device serial',
  固件版本: 'Firmware version',
  原因: 'Reason',
  会员: 'Member',
  图片地址: 'Picture URL',

  // lab reports (检验报告)
  检验报告不存在或已被删除: 'The lab report does not exist or was deleted',
  会员不存在或已注销: 'The member does not exist or has logged off',
  请输入报告名称: 'Please enter the report title',
  请输入医院或检验机构: 'Please enter the hospital or lab',
  请选择采样日期: 'Please choose the sampling date',
  请选择报告日期: 'Please choose the report date',
  报告日期不能早于采样日期: 'The report date cannot be before the sampling date',
  日期不能晚于今天: 'The date cannot be after today',
  请至少填写一个检验项目: 'Please fill in at least one item',
  检验项目最多60项: 'At most 60 items',
  请输入项目名称: 'Please enter the item name',
  请输入检验结果: 'Please enter the result',
  参考范围下限不能高于上限: 'The low bound of the range cannot be above the high bound',
  报告文件最多9个: 'At most 9 files',
  报告文件不存在或已被删除: 'The file does not exist or was deleted',
  该文件已属于其他报告: 'This file belongs to another report',
  '报告文件缺失，请重新上传': 'The file is missing; please upload it again',
  请选择要上传的文件: 'Please choose a file to upload',
  '文件不能超过 10 MB': 'A file may be at most 10 MB',
  '只能上传 PDF、JPEG、PNG 或 WebP 文件（按文件内容识别）':
    'Only PDF, JPEG, PNG or WebP files can be uploaded (checked by their content)',
  上传成功: 'Uploaded',
  日期格式不正确: 'The date is not valid',
  异常筛选不正确: 'The abnormal filter is not valid',
  检验结果: 'Result',
  参考范围下限: 'Low bound of the range',
  参考范围上限: 'High bound of the range',
  项目名称: 'Item name',
  项目缩写: 'Item code',
  单位: 'Unit',
  报告名称: 'Report title',
  医院或检验机构: 'Hospital or lab',
  报告文件: 'File',

  // notices
  通知不存在或已被删除: 'The notice does not exist or was deleted',
  请输入通知标题: 'Please enter the notice title',
  请输入通知内容: 'Please enter the notice content',
  通知内容过长: 'The notice content is too long',
  请选择发送对象: 'Please choose the recipients',
  请选择发送时间: 'Please choose the send time',
  发送时间格式不正确: 'The send time is not valid',
  发送时间必须晚于当前时间: 'The send time must be in the future',
  所选等级或渠道不存在: 'A chosen grade or channel does not exist',
  只有草稿或待发送的通知可以修改: 'Only a draft or scheduled notice can be changed',
  只有草稿或待发送的通知可以发送: 'Only a draft or scheduled notice can be sent',
  只有草稿可以定时发送: 'Only a draft can be scheduled',
  只有已发送的通知可以撤回: 'Only a sent notice can be withdrawn',
  '已发送的通知不能删除，请先撤回': 'A sent notice cannot be deleted; withdraw it first',
  已设置定时发送: 'Scheduled',
  通知已撤回: 'Notice withdrawn',
  封面地址过长: 'The cover URL is too long',
  '封面必须是上传的图片或 http(s) 地址': 'The cover must be an uploaded image or an http(s) URL',
  最多选择100项: 'Select at most 100',

  /* ---------------------------------------------------------------- decorate: links, ad slots */
  链接类型不正确: 'The link type is not valid',
  请输入链接地址: 'Please enter the web address',
  '链接地址必须以 https:// 开头': 'The web address must start with https://',
  链接地址: 'Web address',
  链接内容类型不正确: 'The kind of link target is not valid',
  链接内容编号: 'Link target ID',
  一次最多查询50条: 'At most 50 at a time',
  商品未通过审核: 'The goods are not approved',
  专题不存在或已删除: 'The topic does not exist or was deleted',
  专题尚未发布: 'The topic is not published yet',
  服务分类不存在或已删除: 'The service category does not exist or was deleted',
  服务分类已停用: 'The service category is disabled',
  视频不存在或已删除: 'The video does not exist or was deleted',
  视频已停用: 'The video is disabled',
  公告不存在或已删除: 'The notice does not exist or was deleted',
  公告尚未发送: 'The notice has not been sent',
  公告已撤回: 'The notice was withdrawn',
  广告不存在或已被删除: 'The ad does not exist or was deleted',
  广告标题: 'Ad title',
  广告位置: 'Ad position',
  广告图片: 'Ad image',
  投放状态: 'Showing state',
  请上传广告图片: 'Please upload the ad image',
  '广告图片必须是上传的图片或 https 地址': 'The ad image must be an uploaded image or an https URL',

  /* ---------------------------------------------------------------- decorate: health videos */
  视频标题: 'Video title',
  视频简介: 'Video description',
  视频封面: 'Video cover',
  视频时长: 'Video duration',
  视频地址: 'Video address',
  请输入视频标题: 'Please enter the video title',
  请选择视频分类: 'Please choose the video category',
  视频分类不正确: 'The video category is not valid',
  请上传视频封面: 'Please upload the video cover',
  '视频封面必须是上传的图片或 https 地址':
    'The video cover must be an uploaded image or an https URL',
  请上传视频或输入视频地址: 'Please upload a video or enter its address',
  '视频地址必须是上传的 MP4 或 https 地址': 'The video must be an uploaded MP4 or an https URL',
  视频地址最多500个字符: 'The video address may have at most 500 characters',
  '视频文件不存在，请重新上传': 'The video file does not exist; please upload it again',
  '视频封面图片不存在，请重新上传': 'The cover image does not exist; please upload it again',
  请填写视频时长: 'Please enter the video duration',
  视频时长必须是整数秒: 'The duration must be whole seconds',
  视频时长应在1到36000秒之间: 'The duration must be from 1 to 36000 seconds',
  视频不存在或已被删除: 'The video does not exist or was deleted',
  请选择要上传的视频: 'Please choose the video to upload',
  '视频不能超过 200 MB': 'The video may be at most 200 MB',
  '只能上传 MP4 视频（按文件内容识别）': 'Only MP4 videos (judged by the file content)',
  '视频文件不完整，无法读取（缺少 moov 信息），请重新导出后上传':
    'The video file is incomplete and cannot be read (no moov box); export it again and upload it',
  视频上传成功: 'Video uploaded',

  /* ---------------------------------------------------------------- decorate: pages */
  一个页面最多200个组件: 'A page holds at most 200 components',
  区块编号重复: 'Two components have the same id',
  '页面格式版本不正确，请刷新后重试': 'The page format version is wrong; reload and try again',
  页面不存在或已被删除: 'The page does not exist or was deleted',
  请输入页面名称: 'Please enter the page name',
  页面类型不正确: 'The page type is not valid',
  '缺少草稿版本号，请刷新后重试': 'The draft revision is missing; reload and try again',
  该版本不存在: 'The version does not exist',
  '启用中的页面不能删除，请先启用其他页面':
    'The enabled page cannot be deleted; enable another page first',
  '页面尚未发布，发布后才能启用': 'The page is not published yet; publish it before enabling it',
  专题页面无需启用: 'A topic page needs no enabling',
  定时发布时间必须晚于当前时间: 'The publishing time must be in the future',
  该页面没有定时发布: 'The page has no scheduled publishing',
  预览链接无效: 'The preview link is not valid',
  '预览链接已过期，请重新生成': 'The preview link has expired; make a new one',
  预览链接已被撤销: 'The preview link was revoked',
  '颜色格式应为 #RRGGBB': 'A colour is written #RRGGBB',
  页面名称: 'Page name',
  请选择发布时间: 'Please choose the publishing time',
  版本号不正确: 'The version number is not valid',
  专题编号不正确: 'The topic id is not valid',
  组件类型不正确: 'The component type is not valid',
  区块编号不正确: 'The component id is not valid',

  /* ---------------------------------------------------------------- content */
  协议不存在或已被删除: 'The agreement does not exist or was deleted',
  协议内容过长: 'The agreement text is too long',
  协议编码不正确: 'The agreement code is not valid',
  '协议编码为2-50位小写字母、数字或下划线，且以字母开头':
    'An agreement code is 2-50 lowercase letters, digits or underscores, starting with a letter',
  协议编码已存在: 'The agreement code is taken',
  请输入协议内容: 'Please enter the agreement text',
  请输入协议标题: 'Please enter the agreement title',
  请输入协议编码: 'Please enter the agreement code',
  '未找到该协议，请确认链接是否正确': 'Agreement not found; please check the link',
  缺少协议编码: 'The agreement code is missing',
  搜索词不存在或已被删除: 'The search word does not exist or was deleted',
  请输入搜索词: 'Please enter the search word',
  请选择类型: 'Please choose the type',
  该类型下已存在相同的搜索词: 'This search word exists for this type',
  排序必须是数字: 'The sort order must be a number',
  排序必须是整数: 'The sort order must be a whole number',
  排序最小为0: 'The sort order must be at least 0',
  短信模板不存在或已被删除: 'The SMS template does not exist or was deleted',
  请输入模板名称: 'Please enter the template name',
  请输入模板编码: 'Please enter the template code',
  请输入模板内容: 'Please enter the template content',
  '模板编码只能包含小写字母、数字和下划线，且以字母开头':
    'A template code has lowercase letters, digits and underscores, starting with a letter',
  模板编码已存在: 'The template code is taken',
  请选择使用场景: 'Please choose the scene',
  场景不正确: 'The scene is not valid',
  '该模板已停用，不能发送': 'The template is disabled and cannot be sent',
  测试短信已发送: 'Test SMS sent',
  变量值格式不正确: 'The placeholder values are not valid',
  '短信服务暂不可用，请稍后重试': 'The SMS service is unavailable, please retry later',
  页码必须是数字: 'The page must be a number',
  页码必须是整数: 'The page must be a whole number',
  页码最小为1: 'The page must be at least 1',
  每页条数必须是数字: 'The page size must be a number',
  每页条数必须是整数: 'The page size must be a whole number',
  每页条数最小为1: 'The page size must be at least 1',

  /* ---------------------------------------------------------------- device: binding codes, returns */
  请输入绑定码: 'Please enter the binding code',
  绑定码为12位字母或数字: 'A binding code has 12 letters or digits',
  绑定码不存在: 'The binding code does not exist',
  该绑定码已被使用: 'This binding code has been used',
  该绑定码已作废: 'This binding code has been voided',
  该绑定码已过期: 'This binding code has expired',
  绑定码与设备型号不符: "The binding code is not for this device's model",
  '设备不在库，不能绑定': 'The device is not in stock and cannot be bound',
  请输入生成数量: 'Please enter how many codes to generate',
  请输入有效天数: 'Please enter the days of validity',
  请选择绑定码或批次: 'Please choose codes or a batch',
  '没有可作废的绑定码（已使用或已作废的码不能作废）':
    'No code to void (used or voided codes cannot be voided)',
  '该绑定码已使用或已作废，不能作废': 'This code is used or voided and cannot be voided',
  '没有可打印的绑定码（仅打印未使用且未过期的码）':
    'No code to print (only unused, unexpired codes are printed)',
  批次号格式不正确: 'The batch number is not valid',
  绑定成功: 'Bound',
  绑定码: 'Binding code',
  绑定码状态: 'Code status',
  生成数量: 'Number of codes',
  有效天数: 'Days of validity',
  快递单号: 'Tracking number',
  '手机号与设备序列号不匹配，请核对后重试':
    'The phone number and the device serial do not match; please check them and retry',
  请选择快递公司: 'Please choose the courier',
  请输入快递单号: 'Please enter the tracking number',
  '快递单号为6到32位字母、数字或连字符': 'A tracking number has 6 to 32 letters, digits or hyphens',
  寄回登记成功: 'Return filed',
  '该快递单号已登记，无需重复提交':
    'This tracking number is already filed; no need to file it again',
  待处理设备寄回: 'Device returns to handle',
  /* ---------------------------------------------------------------- device batch import */
  请选择要导入的文件: 'Please choose the file to import',
  '只能导入 xlsx 或 csv 文件，请使用导入模板':
    'Only xlsx or csv files can be imported; please use the import template',
  '文件不能超过 20 MB': 'The file may not exceed 20 MB',
  文件是空的: 'The file is empty',
  '文件无法读取，请确认是有效的 xlsx 或 csv 文件':
    'The file cannot be read; make sure it is a valid xlsx or csv file',
  '文件缺少“序列号”或“型号”列，请使用导入模板':
    'The file lacks the serial or the model column; please use the import template',
  文件中没有数据行: 'The file has no data rows',
  导入批次不存在: 'The import batch does not exist',
  '校验中断，请重新上传文件': 'The validation was interrupted; please upload the file again',
  '文件还在校验中，请稍候': 'The file is still being validated, please wait',
  '该批次校验失败，不能导入': 'This batch failed validation and cannot be imported',
  没有可导入的有效数据: 'There are no valid rows to import',
  '文件已上传，正在校验': 'File uploaded, validating',
  导入批次: 'Import batch',

  /* ---------------------------------------------------------------- format.ts, sessions */
  刚刚: 'just now',
  '1天前': '1 day ago',
  微信: 'WeChat',

  /* ---------------------------------------------------------------- overview (server) */
  登录次数: 'Logins',
  操作次数: 'Operations',
  新增操作员: 'New operators',
  今日登录: 'Logins today',
  在线会话: 'Live sessions',
  操作记录: 'Operations',
  登录失败: 'Failed logins',
  待审核注销申请: 'Log-off requests to review',

  /* ---------------------------------------------------------------- device ingest API */
  缺少或无法识别设备签名请求头: 'The device signature headers are missing or not valid',
  设备签名校验失败: 'The device signature is not valid',
  '请求时间与服务器时间相差超过5分钟，请校准设备时钟':
    'The request time is more than 5 minutes from the server time: set the device clock',
  '该请求随机串已使用过，请重新签名': 'This nonce was used before: sign the request anew',
  '设备已报废，不能上传数据': 'The device is scrapped and cannot upload',
  '设备处于故障状态，暂不接收测量数据':
    'The device is marked faulty: its readings are not accepted',
  '设备未绑定会员，不能上传测量数据': 'The device is bound to no member and cannot upload readings',
  该设备型号不能上传此类测量数据: 'This device model does not measure this type',
  请求内容不是有效的JSON: 'The request body is not valid JSON',
  '请求内容无法按 gzip 解压': 'The request body cannot be decompressed as gzip',
  '不支持的内容编码，仅支持 gzip': 'Unsupported content encoding: only gzip is accepted',
  解压后的请求内容过大: 'The decompressed request body is too large',
  '服务器暂时无法保存测量数据，请稍后重新签名上传':
    'The server cannot store readings for the moment; sign the reading again and send it later',
  请选择测量类型: 'Please choose the measurement type',
  请提供测量时间: 'Please give the measurement time',
  测量时间不正确: 'The measurement time is not valid',
  测量时间不能晚于当前时间: 'The measurement time cannot be in the future',
  请提供测量值: 'Please give the measured values',
  收缩压必须高于舒张压: 'The systolic pressure must be above the diastolic',
  请选择测量时段: 'Please choose when the glucose was measured',
  请提供导联名称: 'Please give the lead names',
  导联名称为1到8位字母或数字: 'A lead name has 1 to 8 letters or digits',
  导联名称不能重复: 'Lead names must differ',
  导联最多12个: 'At most 12 leads',
  请提供心电采样数据: 'Please give the ECG samples',
  采样数组的数量必须与导联数量一致: 'There must be one sample array per lead',
  各导联的采样点数必须相同: 'Every lead must have the same number of samples',
  心电记录至少1秒: 'An ECG recording lasts at least 1 second',
  心电采样点总数不能超过21600000: 'An ECG may have at most 21,600,000 samples in all',
  '采样值必须是-10000到10000之间的数字（微伏）':
    'A sample must be a number from -10000 to 10000 (µV)',
  '心律失常标记必须是 true 或 false': 'The arrhythmia flag must be true or false',
  '固件版本为1到32位字母、数字、点、下划线或连字符':
    'A firmware version has 1 to 32 letters, digits, dots, underscores or hyphens',
  脉搏: 'Pulse',
  血糖值: 'Glucose',
  总胆固醇值: 'Total cholesterol',
  尿酸值: 'Uric acid',
  采样率: 'Sample rate',
  心率: 'Heart rate',
  电量: 'Battery',
  导联: 'Leads',
  // 报告中心
  心电记录不存在: 'The ECG recording does not exist',
  '心电数据文件缺失，请联系管理员': 'The ECG data file is missing; contact an administrator',
  时间窗口不正确: 'The time window is not valid',
  测量类型: 'Type',
  预警级别: 'Level',
  处理状态: 'Handling status',
  处理说明: 'Remark',
  开始时间: 'Start time',
  结束时间: 'End time',
  测量记录不存在: 'The reading does not exist',
  所选记录均已处理: 'The chosen readings are all handled already',
  趋势图只支持血压和血糖: 'Trends are drawn for blood pressure and glucose only',
  时间范围: 'Period',
  请求格式不正确: 'The request is malformed',
  请求地址格式不正确: 'The request address is malformed',
  请求地址过长: 'The request address is too long',
  请求头过大: 'The request headers are too large',
  上传请求格式不正确: 'The upload request is malformed',
  '文件解压后过大，请检查文件内容或分批上传':
    'The file is too large once unpacked; check its content or upload it in parts',
  '请求内容不完整，请重新签名上传': 'The request body is incomplete; sign and upload it again',
  '设备上传繁忙，请稍后重新签名上传': 'Device uploads are busy; sign and upload again later',
};

/** "Platform name" → "platform name" inside a sentence; "APP name", "H5 domain" stay. */
function inSentence(name: string): string {
  return /^[A-Z][a-z]/.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name;
}

const templates: MessageTemplate[] = [
  // 装修's publish problems: a place in the page, then what is wrong there.
  [
    /^((?:第\d+个组件（[^）]+）|页面设置)：.+?)(不能为空|至少需要一项|必须是上传的图片或 https 地址)$/,
    (place, wrong) =>
      `${decoratePlace(place!)} ${
        wrong === '不能为空'
          ? 'is required'
          : wrong === '至少需要一项'
            ? 'needs at least one'
            : 'must be an uploaded image or an https address'
      }`,
  ],
  [
    /^((?:第\d+个组件（[^）]+）|页面设置)(?:：[^：]+)*)：([^：]+)$/,
    (place, reason) => `${decoratePlace(place!)}: ${tryText(reason!)}`,
  ],
  [
    /^该预警已由(.+)认领，请选择其他预警$/,
    (name) => `${name} has claimed this alert; choose another`,
  ],
  [
    /^该预警已由(.+)认领，只有认领的医生可以撰写、签名或发布其报告$/,
    (name) =>
      `${name} has claimed this alert: only the doctor holding it may write, sign or publish its report`,
  ],
  [
    /^(?:第(\d+)行|文件中)有单元格内容过长（最多(\d+)个字符）$/,
    (row, max) =>
      `${row ? `Row ${row}` : 'The file'} has a cell that is too long (at most ${max} characters)`,
  ],
  [
    /^请求内容过大：血压、血糖、血脂、尿酸设备每次上传不能超过(\d+)KB$/,
    (kb) =>
      `The body is too large: blood pressure, glucose, cholesterol and uric acid devices upload at most ${kb} KB at a time`,
  ],
  [
    /^请求内容过大：每次上传不能超过(\d+)MB$/,
    (mb) => `The body is too large: at most ${mb} MB an upload`,
  ],
  [
    /^请选择要链接的(.+)$/,
    (what) => `Please choose the ${LINK_TARGET_WORDS_EN[what!] ?? what} to link to`,
  ],
  [/^“(.+)”类型的链接不需要链接内容$/, (type) => `A "${linkTypeEn(type!)}" link takes no target`],
  [/^请输入(.+)$/, (l) => `Please enter the ${inSentence(f(l!))}`],
  [/^请选择(.+)$/, (l) => `Please choose the ${inSentence(f(l!))}`],
  [
    /^(.+?)应在(-?[\d.]+)到(-?[\d.]+)(元)?之间$/,
    (l, a, b, yuan) => `${f(l!)} must be between ${a} and ${b}${yuan ? ' yuan' : ''}`,
  ],
  [/^(.+?)(?:不能小于|最小为)(-?[\d.]+)$/, (l, n) => `${f(l!)} must be at least ${n}`],
  [/^(.+?)(?:不能大于|最大为|最多为)(-?[\d.]+)$/, (l, n) => `${f(l!)} must be at most ${n}`],
  [/^(.+?)必须是整数$/, (l) => `${f(l!)} must be a whole number`],
  [/^(.+?)必须是数字$/, (l) => `${f(l!)} must be a number`],
  [/^(.+?)最多(\d+)个字符?$/, (l, n) => `${f(l!)} may have at most ${n} characters`],
  [/^最多(\d+)个字符$/, (n) => `At most ${n} characters`],
  [/^(.+?)最多保留(\d+)位小数$/, (l, n) => `${f(l!)} may have at most ${n} decimal places`],
  [/^(.+)过长$/, (l) => `${f(l!)} is too long`],
  [/^(.+)地址过长$/, (l) => `${f(l!)} is too long`],
  [/^(.+?)过大$/, (l) => `${f(l!)} is too large`],
  [/^(.+?)格式不正确$/, (l) => `${f(l!)} is not valid`],
  [/^(.+?)不正确$/, (l) => `${f(l!)} is not valid`],
  [
    /^(.+?)必须是上传的图片或 http\(s\) 地址$/,
    (l) => `${f(l!)} must be an uploaded image or an http(s) URL`,
  ],
  [
    /^(.+?)必须以 http:\/\/ 或 https:\/\/ 开头$/,
    (l) => `${f(l!)} must start with http:// or https://`,
  ],
  [/^(.+?)格式应为 时:分（如 (.+)）$/, (l, e) => `${f(l!)} must be written HH:mm (e.g. ${e})`],
  [
    /^(.+?)格式应为 数字\.数字\.数字（如 (.+)）$/,
    (l, e) => `${f(l!)} must be written number.number.number (e.g. ${e})`,
  ],
  [/^最多选择(\d+)项$/, (n) => `Select at most ${n}`],
  [/^(.+?)最多(\d+)(?:位|条)$/, (l, n) => `At most ${n}: ${inSentence(f(l!))}`],
  [/^二级高血压的(.+)下限必须高于一级$/, (l) => `Grade 2 ${f(l!)} must be above grade 1`],
  [/^三级高血压的(.+)下限必须高于二级$/, (l) => `Grade 3 ${f(l!)} must be above grade 2`],
  [
    /^(.+?)规则已启用，请至少选择一个通知对象$/,
    (l) => `The ${inSentence(f(l!))} rule is on: choose at least one recipient`,
  ],
  [/^登录失败次数过多，请(\d+)分钟后再试$/, (n) => `Too many failed logins; retry in ${n} minutes`],
  [/^登录失败次数较多，请(\d+)秒后再试$/, (n) => `Several failed logins; retry in ${n} seconds`],
  [
    /^导出数据超过(\d+)条，请缩小筛选范围后再导出$/,
    (n) => `More than ${n} rows to export; narrow the filter first`,
  ],
  [/^已发送给(\d+)位会员$/, (n) => `Sent to ${n} members`],
  [
    /^文件超过(\d+)行，请拆分后分批导入$/,
    (n) => `The file has more than ${n} rows; split it and import the parts`,
  ],
  [/^已导入(\d+)台设备，跳过(\d+)台$/, (n, m) => `Imported ${n} devices, skipped ${m}`],
  [/^(\d+)分钟前$/, (n) => `${n} min ago`],
  [/^(\d+)小时前$/, (n) => `${n} h ago`],
  [/^联想词已重建，共(\d+)条$/, (n) => `Suggestions rebuilt: ${n} entries`],
  [
    /^签到成功，连续签到(\d+)天，获得(\d+)积分$/,
    (d, p) => `Checked in: ${d}-day streak, ${p} points earned`,
  ],
  [
    /^该权限组下还有(\d+)个操作员，请先将他们调整到其他权限组再删除$/,
    (n) => `${n} operators are still in this group; move them to another group first`,
  ],
  [
    /^该渠道下有(\d+)名会员，不能删除，可以停用$/,
    (n) => `${n} members came through this channel: it cannot be deleted, but it can be disabled`,
  ],
  [
    /^该等级下还有(\d+)名会员，不能删除$/,
    (n) => `${n} members have this grade: it cannot be deleted`,
  ],
  [
    /^该类型下还有(\d+)件商品，不能删除$/,
    (n) => `${n} goods items are of this type: it cannot be deleted`,
  ],
  [
    /^该型号下还有(\d+)台设备，不能删除$/,
    (n) => `${n} devices are of this model: it cannot be deleted`,
  ],
  [
    /^该型号下还有(\d+)个绑定码，不能删除$/,
    (n) => `${n} binding codes are for this model: it cannot be deleted`,
  ],
  [
    /^该型号下已有(\d+)台设备，不能修改设备类型$/,
    (n) => `${n} devices are of this model: its type cannot change`,
  ],
  [
    /^设备当前为“(.+)”，不能(.+)$/,
    (s, a) =>
      `The device is ${deviceWord(s!).toLowerCase()}: it cannot ${deviceWord(a!).toLowerCase()}`,
  ],
  [
    /^任务(.+)，不能(.+)$/,
    (s, a) =>
      `The task is ${taskWord(s!).toLowerCase()}: it cannot be ${taskWord(a!).toLowerCase()}`,
  ],
  [/^请输入变量 (\S+) 的值$/, (v) => `Please enter the value of ${v}`],
  [
    /^变量 (\S+) 的值最多(\d+)个字符$/,
    (v, n) => `The value of ${v} may have at most ${n} characters`,
  ],
  [/^短信发送失败：(.+)$/, (r) => `The SMS was not sent: ${tryText(r!)}`],
  [/^已生成(\d+)个绑定码，批次号 (\S+)$/, (n, b) => `Generated ${n} binding codes, batch ${b}`],
  [/^已作废(\d+)个绑定码$/, (n) => `Voided ${n} binding codes`],
  [/^已处理(\d+)条记录$/, (n) => `Handled ${n} readings`],
  [
    /^已重新判定(\d+)条记录，其中(\d+)条结果有变化$/,
    (n, m) => `Re-judged ${n} readings; ${m} were judged differently`,
  ],
  [
    /^该时间段的记录超过(\d+)条，请缩小时间范围$/,
    (n) => `More than ${n} readings in this period; choose a shorter one`,
  ],
  [/^点数应为1到(\d+)之间的整数$/, (n) => `Points must be a whole number from 1 to ${n}`],
  [/^一次最多选择(\d+)个绑定码$/, (n) => `Select at most ${n} codes at once`],
  [/^调整数量的绝对值不能超过(\d+)$/, (n) => `The amount may be at most ${n} either way`],
  [/^连续签到奖励最多(\d+)条$/, (n) => `At most ${n} streak rewards`],
  [/^不能授予你自己没有的权限：(.+)$/, (t) => `You cannot grant what you do not hold: ${t}`],
  [/^启用(.+?)需要(?:填写|设置)(.+)$/, (c, l) => `${f(l!)} is required to enable ${f(c!)}`],
  [
    /^超出每人限购数量：每人限购(\d+)件，已兑换(\d+)件$/,
    (n, m) => `Over the limit per member: at most ${n}, ${m} redeemed already`,
  ],
  [
    /^积分不足：需要(\d+)积分，当前余额(\d+)积分$/,
    (n, b) => `Not enough points: ${n} needed, the balance is ${b}`,
  ],
  [
    /^订单(.+?)，不能(.+)$/,
    (st, step) => `The order is ${orderWord(st!)}: it cannot be ${orderWord(step!)}`,
  ],
  [
    /^校验完成：可发货(\d+)行，有问题(\d+)行$/,
    (v, i) => `Checked: ${v} rows can ship, ${i} have problems`,
  ],
  [/^已发货(\d+)单，失败(\d+)单$/, (n, m) => `Shipped ${n} orders, ${m} not shipped`],
  [
    /^该页面已被(.+?)于(.+?)保存，请载入最新草稿后再修改$/,
    (who, at) => `${who} saved the page at ${at}; load the latest draft before changing it`,
  ],
  [
    /^页面有(\d+)处问题，修改后才能发布$/,
    (n) => `The page has ${n} problems to fix before it can be published`,
  ],
  [/^(.+?) 正在编辑$/, (who) => `${who} is editing`],
  [
    /^(.+?) 已接管编辑，您的修改未保存$/,
    (who) => `${who} took over editing; your changes were not saved`,
  ],
  [/^已发布为第(\d+)版$/, (n) => `Published as version ${n}`],
  [
    /^以下已发布的页面或投放中的广告链接了它，将显示“链接失效”，请及时修改：(.+)$/,
    (names) =>
      `Published pages or live ads link to it and will show a broken link until changed: ${names}`,
  ],
  [/^已用第(\d+)版生成新草稿$/, (n) => `A new draft from version ${n}`],
  [/^最多(\d+)个字$/, (n) => `At most ${n} characters`],
  [/^有效期应在5到(\d+)分钟之间$/, (n) => `The link lasts 5 to ${n} minutes`],
];

/** What a link points to (LinkMessages.targetRequired), inside a sentence. */
const LINK_TARGET_WORDS_EN: Record<string, string> = {
  商品: 'goods item',
  专题: 'topic',
  服务分类: 'service category',
  视频: 'video',
  公告: 'notice',
};

/** A link type named by its Chinese label, in English (contract LINK_TYPES). */
function linkTypeEn(label: string): string {
  return Object.values(LINK_TYPES).find((l) => l.label === label)?.labelEn ?? label;
}

/** "it cannot be …" of each order step. */
const ORDER_STEP_PARTICIPLES_EN = {
  ship: 'shipped',
  cancel: 'cancelled',
  complete: 'confirmed as received',
  autoComplete: 'confirmed as received',
} as const;

/** An order status (lower case) or step named in a message, by the contract's labels. */
function orderWord(zh: string): string {
  const status = Object.entries(ORDER_STATUS_LABELS).find(([, v]) => v === zh)?.[0];
  if (status)
    return ORDER_STATUS_LABELS_EN[status as keyof typeof ORDER_STATUS_LABELS_EN].toLowerCase();
  const step = Object.entries(ORDER_STEP_LABELS).find(([, v]) => v === zh)?.[0];
  if (step) return ORDER_STEP_PARTICIPLES_EN[step as keyof typeof ORDER_STEP_PARTICIPLES_EN];
  return tryText(zh);
}

/** A device status or transition named in a message, by the contract's labels. */
function deviceWord(zh: string): string {
  const english = (labels: Record<string, string>, en: Record<string, string>) => {
    const key = Object.keys(labels).find((k) => labels[k] === zh);
    return key === undefined ? undefined : en[key];
  };
  return (
    english(DEVICE_STATUS_LABELS, DEVICE_STATUS_LABELS_EN) ??
    english(DEVICE_TRANSITION_LABELS, DEVICE_TRANSITION_LABELS_EN) ??
    tryText(zh)
  );
}

/** "it cannot be …" of each task step. */
const TASK_STEP_PARTICIPLES_EN = {
  assign: 'Assigned',
  reassign: 'Reassigned',
  book: 'Booked',
  reschedule: 'Rescheduled',
  complete: 'Completed',
  cancel: 'Cancelled',
} as const;

/** A task status or step named in a message, by the contract's labels. */
function taskWord(zh: string): string {
  const status = Object.entries(TASK_STATUS_LABELS).find(([, v]) => v === zh)?.[0];
  if (status) return TASK_STATUS_LABELS_EN[status as keyof typeof TASK_STATUS_LABELS_EN];
  const step = Object.entries(TASK_STEP_LABELS).find(([, v]) => v === zh)?.[0];
  if (step) return TASK_STEP_PARTICIPLES_EN[step as keyof typeof TASK_STEP_PARTICIPLES_EN];
  return tryText(zh);
}

/** 装修's component and field words, Chinese → English (publish problems name both). */
const fieldWords = (fields: readonly FieldDef[]): [string, string][] =>
  fields.flatMap((field) => [
    [field.label, field.labelEn] as [string, string],
    ...fieldWords(field.itemFields ?? []),
  ]);
const DECORATE_WORDS_EN: Record<string, string> = Object.fromEntries([
  ['页面设置', 'Page settings'],
  ...fieldWords(ROOT_FIELDS),
  ...Object.values(COMPONENTS).flatMap((def): [string, string][] => [
    [def.label, def.labelEn],
    ...fieldWords(def.fields),
  ]),
]);

/** A place in a page ("第2个组件（轮播图）：图片第1项：链接") in English. */
function decoratePlace(zh: string): string {
  return zh
    .split('：')
    .map((part) => {
      const block = /^第(\d+)个组件（(.+)）$/.exec(part);
      if (block) return `Component ${block[1]} (${DECORATE_WORDS_EN[block[2]!] ?? block[2]})`;
      const item = /^(.+?)第(\d+)项$/.exec(part);
      if (item) return `${DECORATE_WORDS_EN[item[1]!] ?? item[1]} #${item[2]}`;
      return DECORATE_WORDS_EN[part] ?? part;
    })
    .join(': ');
}

/** A message part that may be known (a reason) or free text (kept). */
function tryText(text: string): string {
  return texts[text] ?? text;
}

export const EN_MESSAGES: MessageTable = { texts, templates };
