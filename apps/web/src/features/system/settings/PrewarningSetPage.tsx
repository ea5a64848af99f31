import type { ReactNode } from 'react';
import { Alert, Card, Checkbox, Form, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { NOTIFY_TARGETS, WARNING_LEVELS, type MeasurementType } from '@health/contract';
import { SettingsForm } from '../../../shared/components/settings-form';
import { SYSTEM_NS } from '../locales';
import { RuleVersions } from './RuleVersions';
import './prewarning.css';

type Path = (string | number)[];

/** A threshold input with its unit; its errors show right under it. */
function Num(props: {
  name: Path;
  label: string;
  unit: string;
  decimals?: number;
  prefix?: string;
}) {
  const decimals = props.decimals ?? 0;
  return (
    <Form.Item name={props.name} className="rule-field" label={null}>
      <InputNumber
        aria-label={props.label}
        precision={decimals}
        step={decimals ? 0.1 : 1}
        addonBefore={props.prefix}
        addonAfter={props.unit}
        style={{ width: 170 }}
      />
    </Form.Item>
  );
}

/** A cell's column heading, shown above it only where a narrow card stacks the table's cells. */
function Caption({ children }: { children: ReactNode }) {
  return (
    <span className="rule-caption" aria-hidden="true">
      {children}
    </span>
  );
}

function Level(props: { name: Path; label: string; raisingOnly?: boolean }) {
  const { t } = useTranslation(SYSTEM_NS);
  const options = WARNING_LEVELS.filter((v) => !props.raisingOnly || v !== 'none').map((v) => ({
    value: v,
    label: t(`warn.levels.${v}`),
  }));
  return (
    <>
      <Caption>{t('warn.level')}</Caption>
      <Form.Item name={props.name} className="rule-field">
        <Select aria-label={props.label} options={options} style={{ width: 110 }} />
      </Form.Item>
    </>
  );
}

/** "– 159" after a grade's lower bound: where the next grade starts, minus one. */
function UpTo({ next }: { next: Path }) {
  const form = Form.useFormInstance();
  const value = Form.useWatch(next, form) as number | null | undefined;
  return typeof value === 'number' ? <span className="rule-upto">– {value - 1}</span> : null;
}

function Watched({ name, render }: { name: Path; render: (v: unknown) => ReactNode }) {
  const form = Form.useFormInstance();
  return <>{render(Form.useWatch(name, form))}</>;
}

/** One measurement type's card: enabled switch, the table, whom to notify. */
function RuleCard(props: { type: MeasurementType; children: ReactNode; note?: string }) {
  const { t } = useTranslation(SYSTEM_NS);
  const { type } = props;
  return (
    <Card
      size="small"
      className="rule-card"
      data-testid={`rule-${type}`}
      title={
        <span>
          {t(`warn.types.${type}`)}
          <span className="rule-unit">{t('warn.unit', { unit: t(`warn.units.${type}`) })}</span>
        </span>
      }
      extra={
        <Space>
          <span>{t('warn.enabled')}</span>
          <Form.Item name={[type, 'enabled']} valuePropName="checked" noStyle>
            <Switch
              aria-label={t('warn.typed', {
                type: t(`warn.types.${type}`),
                label: t('warn.enabled'),
              })}
            />
          </Form.Item>
        </Space>
      }
    >
      {props.children}
      {props.note && <p className="rule-note">{props.note}</p>}
      <div className="rule-notify">
        <span className="rule-notify-label">{t('warn.notifyLabel')}</span>
        {NOTIFY_TARGETS.map((target) => (
          <Form.Item
            key={target}
            name={[type, 'notify', target]}
            valuePropName="checked"
            className="rule-field rule-notify-item"
          >
            <Checkbox>{t(`warn.targets.${target}`)}</Checkbox>
          </Form.Item>
        ))}
      </div>
    </Card>
  );
}

function BpCard() {
  const { t } = useTranslation(SYSTEM_NS);
  const unit = t('warn.units.bp');
  const grades = ['grade1', 'grade2', 'grade3'] as const;
  return (
    <RuleCard type="bp" note={t('warn.bp.rule')}>
      <table className="rule-table">
        <thead>
          <tr>
            <th>{t('warn.grade')}</th>
            <th>{t('warn.systolic')}</th>
            <th>{t('warn.diastolic')}</th>
            <th>{t('warn.level')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('warn.normal')}</th>
            <td>
              <Caption>{t('warn.systolic')}</Caption>
              <Watched
                name={['bp', 'grade1', 'systolicMin']}
                render={(v) => `< ${String(v ?? '')}`}
              />
            </td>
            <td>
              <Caption>{t('warn.diastolic')}</Caption>
              <Watched
                name={['bp', 'grade1', 'diastolicMin']}
                render={(v) => `< ${String(v ?? '')}`}
              />
            </td>
            <td className="rule-none">—</td>
          </tr>
          {grades.map((g, i) => {
            const next = grades[i + 1];
            const label = t(`warn.bp.${g}`);
            return (
              <tr key={g}>
                <th scope="row">{label}</th>
                {(['systolicMin', 'diastolicMin'] as const).map((k) => (
                  <td key={k}>
                    <Caption>
                      {k === 'systolicMin' ? t('warn.systolic') : t('warn.diastolic')}
                    </Caption>
                    <Space align="start" size={4}>
                      <Num
                        name={['bp', g, k]}
                        label={`${label}${k === 'systolicMin' ? t('warn.systolic') : t('warn.diastolic')}`}
                        unit={unit}
                        prefix="≥"
                      />
                      {next && <UpTo next={['bp', next, k]} />}
                    </Space>
                  </td>
                ))}
                <td>
                  <Level name={['bp', 'levels', g]} label={`${label}${t('warn.level')}`} />
                </td>
              </tr>
            );
          })}
          <tr>
            <th scope="row">{t('warn.bp.hypotension')}</th>
            <td>
              <Caption>{t('warn.systolic')}</Caption>
              <Num
                name={['bp', 'hypotension', 'systolicBelow']}
                label={`${t('warn.bp.hypotension')}${t('warn.systolic')}`}
                unit={unit}
                prefix="<"
              />
            </td>
            <td>
              <Caption>{t('warn.diastolic')}</Caption>
              <Num
                name={['bp', 'hypotension', 'diastolicBelow']}
                label={`${t('warn.bp.hypotension')}${t('warn.diastolic')}`}
                unit={unit}
                prefix="<"
              />
            </td>
            <td>
              <Level
                name={['bp', 'levels', 'hypotension']}
                label={`${t('warn.bp.hypotension')}${t('warn.level')}`}
              />
            </td>
          </tr>
        </tbody>
      </table>
    </RuleCard>
  );
}

function BgCard() {
  const { t } = useTranslation(SYSTEM_NS);
  const unit = t('warn.units.bg');
  const row = (key: string, field: Path, level?: ReactNode, rowSpan?: number) => (
    <tr key={key}>
      <th scope="row">{t(`warn.bg.${key}`)}</th>
      <td>
        <Num name={field} label={t(`warn.bg.${key}`)} unit={unit} decimals={1} />
      </td>
      {level !== undefined && <td rowSpan={rowSpan}>{level}</td>}
    </tr>
  );
  return (
    <RuleCard type="bg">
      <table className="rule-table">
        <thead>
          <tr>
            <th>{t('warn.grade')}</th>
            <th>{unit}</th>
            <th>{t('warn.level')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('warn.bg.fastingNormal')}</th>
            <td>
              <Space align="start" size={4} wrap>
                <Num
                  name={['bg', 'fasting', 'normalMin']}
                  label={t('warn.bg.normalMin')}
                  unit={unit}
                  decimals={1}
                />
                <span className="rule-upto">–</span>
                <Num
                  name={['bg', 'fasting', 'normalMax']}
                  label={t('warn.bg.normalMax')}
                  unit={unit}
                  decimals={1}
                />
              </Space>
            </td>
            <td className="rule-none">—</td>
          </tr>
          {row(
            'highMin',
            ['bg', 'fasting', 'highMin'],
            <Level
              name={['bg', 'levels', 'high']}
              label={`${t('warn.bg.high')}${t('warn.level')}`}
            />,
            3,
          )}
          {row('postprandialHighMin', ['bg', 'postprandialHighMin'])}
          {row('randomHighMin', ['bg', 'randomHighMin'])}
          {row(
            'lowBelow',
            ['bg', 'lowBelow'],
            <Level
              name={['bg', 'levels', 'low']}
              label={`${t('warn.bg.low')}${t('warn.level')}`}
            />,
          )}
          {row(
            'urgentLowBelow',
            ['bg', 'urgentLowBelow'],
            <Level
              name={['bg', 'levels', 'urgentLow']}
              label={`${t('warn.bg.urgentLow')}${t('warn.level')}`}
            />,
          )}
        </tbody>
      </table>
    </RuleCard>
  );
}

function CholUaCards() {
  const { t } = useTranslation(SYSTEM_NS);
  return (
    <>
      <RuleCard type="chol">
        <table className="rule-table">
          <tbody>
            {(['borderline', 'high'] as const).map((k) => (
              <tr key={k}>
                <th scope="row">{t(`warn.chol.${k}Min`)}</th>
                <td>
                  <Num
                    name={['chol', `${k}Min`]}
                    label={t(`warn.chol.${k}`)}
                    unit={t('warn.units.chol')}
                    decimals={1}
                  />
                </td>
                <td>
                  <Level
                    name={['chol', 'levels', k]}
                    label={`${t(`warn.chol.${k}`)}${t('warn.level')}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </RuleCard>
      <RuleCard type="ua">
        <table className="rule-table">
          <tbody>
            <tr>
              <th scope="row">{t('warn.ua.menAbove')}</th>
              <td>
                <Num
                  name={['ua', 'menAbove']}
                  label={t('warn.ua.menAbove')}
                  unit={t('warn.units.ua')}
                />
              </td>
              <td rowSpan={2}>
                <Level
                  name={['ua', 'level']}
                  label={t('warn.typed', { type: t('warn.types.ua'), label: t('warn.level') })}
                />
              </td>
            </tr>
            <tr>
              <th scope="row">{t('warn.ua.womenAbove')}</th>
              <td>
                <Num
                  name={['ua', 'womenAbove']}
                  label={t('warn.ua.womenAbove')}
                  unit={t('warn.units.ua')}
                />
              </td>
            </tr>
          </tbody>
        </table>
      </RuleCard>
    </>
  );
}

function EcgCard() {
  const { t } = useTranslation(SYSTEM_NS);
  const unit = t('warn.units.ecg');
  return (
    <RuleCard type="ecg" note={t('warn.ecg.arrhythmiaHint')}>
      <table className="rule-table">
        <thead>
          <tr>
            <th>{t('warn.ecg.heartRate')}</th>
            <th>{t('warn.bp.below')}</th>
            <th>&gt;</th>
            <th>{t('warn.level')}</th>
          </tr>
        </thead>
        <tbody>
          {(['warning', 'urgent'] as const).map((k) => (
            <tr key={k}>
              <th scope="row">{t(`warn.ecg.${k}`)}</th>
              <td>
                <Num
                  name={['ecg', `${k}Low`]}
                  label={t(`warn.ecg.${k}Low`)}
                  unit={unit}
                  prefix="<"
                />
              </td>
              <td>
                <Num
                  name={['ecg', `${k}High`]}
                  label={t(`warn.ecg.${k}High`)}
                  unit={unit}
                  prefix=">"
                />
              </td>
              <td>
                <Level
                  name={['ecg', 'levels', k]}
                  label={`${t(`warn.ecg.${k}`)}${t('warn.level')}`}
                />
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('warn.ecg.arrhythmia')}</th>
            <td colSpan={2}>
              <Form.Item
                name={['ecg', 'arrhythmia', 'enabled']}
                valuePropName="checked"
                className="rule-field"
              >
                <Switch aria-label={t('warn.ecg.arrhythmia')} />
              </Form.Item>
            </td>
            <td>
              <Level
                name={['ecg', 'arrhythmia', 'level']}
                label={`${t('warn.ecg.arrhythmia')}${t('warn.level')}`}
                raisingOnly
              />
            </td>
          </tr>
        </tbody>
      </table>
    </RuleCard>
  );
}

/** /sysset_setting/prewarning_set 预警配置: the threshold rules of PRODUCT.md §3, one card per type. */
export default function PrewarningSetPage() {
  const { t } = useTranslation(SYSTEM_NS);
  return (
    <>
      <SettingsForm section="prewarning_set" formProps={{ layout: 'vertical' }}>
        <Alert type="info" showIcon message={t('warn.intro')} style={{ marginBottom: 16 }} />
        <div className="rule-cards">
          <BpCard />
          <BgCard />
          <CholUaCards />
          <EcgCard />
        </div>
      </SettingsForm>
      <RuleVersions />
    </>
  );
}
