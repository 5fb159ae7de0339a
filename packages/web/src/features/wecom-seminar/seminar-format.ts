import dayjs from 'dayjs';

/** A seminar's start in Beijing time, e.g. 8月2日 19:30. */
export const beijing = (iso: string) => dayjs(iso).tz('Asia/Shanghai').format('M月D日 HH:mm');
