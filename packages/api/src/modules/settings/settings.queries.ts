/** The settings table's published reads and audited writes, for modules that keep their own settings keys. */
export { insertSettingsIfMissing, readSettings, writeSettingsAudited, type AuditedSettingsWrite, type SettingRow } from './settings.repo.ts';
