import { describe, expect, it } from 'vitest';
import { FORUM_MSG, forumPostInputSchema, forumReplyInputSchema, forumWordsInputSchema, normaliseForFilter, normaliseWord } from './forum.ts';

describe('the filter reads text without what hides a word', () => {
  it('drops spaces, punctuation, symbols and zero-width characters, and lower-cases', () => {
    expect(normaliseForFilter('坏 蛋')).toBe('坏蛋');
    expect(normaliseForFilter('坏-蛋！')).toBe('坏蛋');
    expect(normaliseForFilter('加\u200B微*信')).toBe('加微信');
    expect(normaliseForFilter('Ｂａｄ Word')).toBe('badword');
  });

  it('stores words trimmed, NFKC and lower case', () => {
    expect(normaliseWord('  ＱＱ号 ')).toBe('qq号');
  });
});

describe('forum input', () => {
  it('trims and bounds title, body and reply, with the forum messages', () => {
    expect(forumPostInputSchema.parse({ board_id: 1, title: ' 你好 ', body: ' 内容 ' })).toEqual({ board_id: 1, title: '你好', body: '内容' });
    expect(forumPostInputSchema.safeParse({ board_id: 1, title: '  ', body: 'x' }).error?.issues[0]?.message).toBe(FORUM_MSG.TITLE);
    expect(forumPostInputSchema.safeParse({ title: 'x', body: 'y' }).error?.issues[0]?.message).toBe(FORUM_MSG.BOARD_REQUIRED);
    expect(forumReplyInputSchema.safeParse({ body: '长'.repeat(1001) }).error?.issues[0]?.message).toBe(FORUM_MSG.REPLY);
  });

  it('takes 1 to 500 words of at most 30 characters', () => {
    expect(forumWordsInputSchema.safeParse({ words: [] }).success).toBe(false);
    expect(forumWordsInputSchema.safeParse({ words: ['x'.repeat(31)] }).success).toBe(false);
    expect(forumWordsInputSchema.safeParse({ words: ['赌博', '去死'] }).success).toBe(true);
  });
});
