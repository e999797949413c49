// Moderation of public lists: signed-in readers report a list once (never their own); five accounts'
// reports hide it until reviewed; an administrator hides (with a reason the owner is shown) or
// restores it; a hidden list's API answer, page, card and sitemap entry are gone for everyone but
// its owner. And blocked words in list names, descriptions and usernames, in Latin, Arabic,
// Japanese and Chinese (vitest.config.ts sets BLOCKED_WORDS for these tests).
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ModeratedList } from '../accounts/moderation'
import { DEFAULT_REPORT_THRESHOLD, reportThreshold } from '../accounts/moderation'
import type { ListWithItems } from '../accounts/user-lists'
import { OG_EDITION } from '../og/card'
import { hasBlockedWord, blockedWordList, normalizeForMatching } from '../lib/blocked-words'
import { call, createAdmin, createUser, json, makeList, uniqueEmail, type TestAccount } from './helpers/accounts'
import { settledFetch } from './helpers/settled'

let admin: TestAccount

beforeAll(async () => {
  admin = await createAdmin()
})

const publicList = (owner: TestAccount, fields: Record<string, unknown> = {}) => makeList(owner, { name: 'Films to report', description: 'Nothing wrong here', ...fields })

const report = (slug: string, who: TestAccount, body: unknown = { reason: 'spam' }) => call(`/api/lists/${slug}/report`, { cookie: who.cookie, body })

/** What a visitor (no cookie), a signed-in stranger and the owner are answered for the list's API. */
async function views(slug: string, owner: TestAccount, stranger: TestAccount) {
  return {
    visitor: (await call(`/api/lists/${slug}`)).status,
    stranger: (await call(`/api/lists/${slug}`, { cookie: stranger.cookie })).status,
    owner: await call(`/api/lists/${slug}`, { cookie: owner.cookie }),
  }
}

async function queue(status: 'reported' | 'hidden' = 'reported'): Promise<ModeratedList[]> {
  const res = await call(`/api/admin/moderation/lists?status=${status}`, { cookie: admin.cookie })
  expect(res.status).toBe(200)
  return (await res.json<{ results: ModeratedList[] }>()).results
}

describe('reporting a list', () => {
  it('is for signed-in readers, once each, never the owner, with a reason from the list and a short note', async () => {
    const owner = await createUser()
    const reader = await createUser()
    const slug = await publicList(owner)

    const anonymous = await call(`/api/lists/${slug}/report`, { body: { reason: 'spam' } })
    expect(anonymous.status).toBe(401)
    expect((await report(slug, owner)).status).toBe(403)
    expect(await (await report(slug, owner)).json()).toEqual({ error: 'You cannot report your own list.' })

    for (const body of [{}, { reason: 'boring' }, { reason: 'spam', note: 'x'.repeat(501) }, { reason: 'spam', extra: 1 }]) {
      const res = await report(slug, reader, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys(await res.json<object>())).toEqual(['error'])
    }
    const translated = await call(`/api/lists/${slug}/report`, { cookie: reader.cookie, body: { reason: 'boring' }, headers: { 'Accept-Language': 'ja' } })
    expect(await translated.json()).toEqual({ error: 'reason: 一覧から理由を選んでください' })

    expect(await (await call(`/api/lists/${slug}`, { cookie: reader.cookie })).json()).toMatchObject({ own: false, reported: false })
    const made = await report(slug, reader, { reason: 'harassment', note: 'x'.repeat(500) })
    expect(made.status).toBe(201)
    expect(await made.json()).toEqual({ reported: true })
    expect(await (await call(`/api/lists/${slug}`, { cookie: reader.cookie })).json()).toMatchObject({ reported: true })
    const again = await report(slug, reader, { reason: 'spam' })
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ error: 'You have already reported this list.' })
    const rows = await env.DB.prepare('select reason, note from list_reports r join user_lists l on l.id = r.list_id where l.slug = ?').bind(slug).all()
    expect(rows.results).toEqual([{ reason: 'harassment', note: 'x'.repeat(500) }])
  })

  it('answers 404 for a private list and one that does not exist', async () => {
    const owner = await createUser()
    const reader = await createUser()
    const slug = await publicList(owner, { is_public: false })
    expect((await report(slug, reader)).status).toBe(404)
    expect((await report('zzzzzzzzzz', reader)).status).toBe(404)
  })

  it('hides the list at the fifth account’s report until an administrator reviews it', async () => {
    expect(reportThreshold(undefined)).toBe(DEFAULT_REPORT_THRESHOLD)
    expect(reportThreshold('2')).toBe(2)
    expect(reportThreshold('0')).toBe(5)
    expect(reportThreshold('lots')).toBe(5)

    const owner = await createUser()
    const stranger = await createUser()
    const slug = await publicList(owner)
    // the visitors' copy is made before any report
    expect((await call(`/api/lists/${slug}`)).status).toBe(200)
    const reporters = await Promise.all(Array.from({ length: DEFAULT_REPORT_THRESHOLD }, () => createUser()))
    for (const reporter of reporters.slice(0, -1)) expect((await report(slug, reporter)).status).toBe(201)
    // one account reporting twice does not count twice
    expect((await report(slug, reporters[0]!)).status).toBe(409)
    let seen = await views(slug, owner, stranger)
    expect([seen.visitor, seen.stranger, seen.owner.status]).toEqual([200, 200, 200])

    expect((await report(slug, reporters.at(-1)!, { reason: 'hate' })).status).toBe(201)
    seen = await views(slug, owner, stranger)
    expect([seen.visitor, seen.stranger, seen.owner.status]).toEqual([404, 404, 200])
    const own = await seen.owner.json<{ list: ListWithItems; own: boolean }>()
    expect(own.own).toBe(true)
    expect(own.list.hidden).toMatchObject({ reason: 'reports', note: null })
    // a hidden list takes no more reports
    expect((await report(slug, await createUser())).status).toBe(404)

    const listed = (await queue()).find((l) => l.slug === slug)
    expect(listed).toMatchObject({ hidden_reason: 'reports', open_reports: 5, owner_name: owner.username, owner_type: 'user', owner_id: owner.id, owner_active: true })
    expect(listed!.reports).toHaveLength(5)
    expect(listed!.reports.map((r) => r.reporter).sort()).toEqual(reporters.map((r) => r.username).sort())
    expect((await queue('hidden')).some((l) => l.slug === slug)).toBe(true)

    // reviewed and restored: shown again, out of the queue, and its old reports no longer count
    expect((await call(`/api/admin/moderation/lists/${slug}/restore`, { method: 'POST', cookie: admin.cookie })).status).toBe(200)
    seen = await views(slug, owner, stranger)
    expect([seen.visitor, seen.stranger, seen.owner.status]).toEqual([200, 200, 200])
    expect((await queue()).some((l) => l.slug === slug)).toBe(false)
    expect((await report(slug, await createUser())).status).toBe(201)
    expect((await call(`/api/lists/${slug}`)).status).toBe(200)
    const again = (await queue()).find((l) => l.slug === slug)
    expect(again).toMatchObject({ hidden_reason: null, open_reports: 1 })
    expect(again!.reports.filter((r) => r.open)).toHaveLength(1)
  })
})

describe('an administrator hides and restores a list', () => {
  it('hides its API answer, page, card and sitemap entry from all but its owner, who is told why', async () => {
    const owner = await createUser()
    const stranger = await createUser()
    const slug = await publicList(owner, { name: 'Shop links' })
    await call(`/api/me/lists/${slug}/items`, { cookie: owner.cookie, body: { content_id: 155, content_type: 'movie', title: 'The Dark Knight', poster_path: null } })
    const card = `/api/og/${OG_EDITION}/list/${slug}.png`
    expect((await settledFetch(card)).status).toBe(200)
    expect((await settledFetch(`/list/${slug}`)).status).toBe(200)

    const bad = await call(`/api/admin/moderation/lists/${slug}/hide`, { cookie: admin.cookie, body: { reason: 'spam', note: 'y'.repeat(501) } })
    expect(bad.status).toBe(400)
    const hidden = await call(`/api/admin/moderation/lists/${slug}/hide`, { cookie: admin.cookie, body: { reason: 'spam', note: 'Every title links to a shop.' } })
    expect(hidden.status).toBe(200)

    const seen = await views(slug, owner, stranger)
    expect([seen.visitor, seen.stranger, seen.owner.status]).toEqual([404, 404, 200])
    expect((await seen.owner.json<{ list: ListWithItems }>()).list.hidden).toMatchObject({ reason: 'spam', note: 'Every title links to a shop.' })
    expect((await settledFetch(card)).status).toBe(404)
    expect((await settledFetch(`/list/${slug}`)).status).toBe(404)
    const strangerPage = await call(`/list/${slug}`, { cookie: stranger.cookie, headers: { Accept: 'text/html' } })
    expect(strangerPage.status).toBe(404)
    const ownerPage = await call(`/list/${slug}`, { cookie: owner.cookie, headers: { Accept: 'text/html' } })
    expect(ownerPage.status).toBe(200)
    expect(await ownerPage.text()).toContain('<meta name="robots" content="noindex">')
    expect(await (await settledFetch('/sitemap.xml')).text).not.toContain(slug)
    // the owner's lists say so too
    const mine = await json<{ results: { slug: string; hidden: unknown }[] }>(await call('/api/me/lists', { cookie: owner.cookie }))
    expect(mine.results.find((l) => l.slug === slug)?.hidden).toMatchObject({ reason: 'spam' })

    expect((await queue('hidden')).find((l) => l.slug === slug)).toMatchObject({ hidden_reason: 'spam', hidden_note: 'Every title links to a shop.' })

    expect((await call(`/api/admin/moderation/lists/${slug}/restore`, { method: 'POST', cookie: admin.cookie })).status).toBe(200)
    expect((await call(`/api/lists/${slug}`)).status).toBe(200)
    expect((await settledFetch(card)).status).toBe(200)
    expect((await queue('hidden')).some((l) => l.slug === slug)).toBe(false)
  })

  it('is refused to users and to administrators short of the second factor', async () => {
    const owner = await createUser()
    const slug = await publicList(owner)
    const halfway = await createAdmin({ secondFactor: false })
    for (const path of [`/api/admin/moderation/lists/${slug}/hide`, `/api/admin/moderation/lists/${slug}/restore`]) {
      expect((await call(path, { body: { reason: 'spam' } })).status).toBe(401)
      expect((await call(path, { cookie: owner.cookie, body: { reason: 'spam' } })).status).toBe(403)
      expect((await call(path, { cookie: halfway.cookie, body: { reason: 'spam' } })).status).toBe(403)
    }
    expect((await call(`/api/lists/${slug}`)).status).toBe(200)
  })

  it('lets the owner be banned with the users’ ban, and forgets a deleted account’s reports', async () => {
    const owner = await createUser()
    const reader = await createUser({ email: uniqueEmail('reader') })
    const slug = await publicList(owner)
    expect((await report(slug, reader)).status).toBe(201)
    expect((await call(`/api/admin/users/${owner.id}/ban`, { method: 'POST', cookie: admin.cookie })).status).toBe(200)
    expect((await queue()).find((l) => l.slug === slug)).toMatchObject({ owner_active: false })
    const gone = await call('/api/me/account', { method: 'DELETE', cookie: reader.cookie, body: { password: reader.password } })
    expect(gone.status, await gone.clone().text()).toBe(200)
    const left = await env.DB.prepare('select count(*) as n from list_reports where reporter_type = ? and reporter_id = ?').bind('user', reader.id).first<{ n: number }>()
    expect(left?.n).toBe(0)
  })
})

describe('blocked words', () => {
  const list = blockedWordList('crétin, very rude phrase\nأحمق،バカ, 笨蛋')

  it('normalises case, accents, width, Arabic forms and kana', () => {
    expect(normalizeForMatching('CRÉTIN')).toBe('cretin')
    expect(normalizeForMatching('Straße')).toBe('strasse')
    expect(normalizeForMatching('ﾊﾞｶ')).toBe('ばか')
    expect(normalizeForMatching('أَحْـــمَق')).toBe('احمق')
    expect(normalizeForMatching('مدرسة')).toBe('مدرسه')
  })

  it.each([
    ['Cretin', true],
    ['you CRÉTIN!', true],
    ['ｃｒｅｔｉｎ', true],
    ['a cre\u200btin', true],
    ['Cretinous films', false],
    ['this is a Very  Rude phrase indeed', true],
    ['very rude', false],
    ['قائمة أحمق', true],
    ['قائمة احمق', true],
    ['قائمة الأحمق', true],
    ['قائمة أحـمـق', true],
    ['قائمة أَحْمَق', true],
    ['قائمة أفلام جميلة', false],
    ['あいつはバカだ', true],
    ['あいつはばかだ', true],
    ['ﾊﾞｶな映画', true],
    ['バ カ', true],
    ['ばかり見る', true],
    ['よい映画', false],
    ['这是笨蛋片单', true],
    ['好电影', false],
  ])('%s → %s', (text, blocked) => {
    expect(hasBlockedWord(text, list)).toBe(blocked)
  })

  it('refuses a list named or described with one, in the request’s language, and accepts clean words', async () => {
    const owner = await createUser()
    const cases = [
      [{ name: 'Films for a CRÉTIN' }, 'The name contains a word that is not allowed here. Please choose other words.', 'en'],
      [{ name: 'أفلام', description: 'قائمة الأحمق' }, 'يحتوي الوصف على كلمة غير مسموح بها هنا. يُرجى اختيار كلمات أخرى.', 'ar'],
      [{ name: 'ﾊﾞｶな映画' }, '名前にここでは使えない言葉が含まれています。別の言葉を選んでください。', 'ja'],
      [{ name: '我的片单', description: '给笨蛋看的' }, '描述包含此处不允许使用的词语。请换用其他词语。', 'zh-CN'],
    ] as const
    for (const [fields, error, language] of cases) {
      const res = await call('/api/me/lists', { cookie: owner.cookie, body: { is_public: true, ...fields }, headers: { 'Accept-Language': language } })
      expect(res.status, JSON.stringify(fields)).toBe(400)
      expect(await res.json()).toEqual({ error })
    }
    const { results } = await json<{ results: unknown[] }>(await call('/api/me/lists', { cookie: owner.cookie }))
    expect(results).toEqual([])

    const slug = await publicList(owner, { name: 'Cretinous comedies', description: 'أفلام جميلة، よい映画' })
    const renamed = await call(`/api/me/lists/${slug}`, { method: 'PATCH', cookie: owner.cookie, body: { description: 'あいつはバカだ' } })
    expect(renamed.status).toBe(400)
    expect((await json<{ list: ListWithItems }>(await call(`/api/lists/${slug}`))).list.description).toBe('أفلام جميلة، よい映画')
  })

  it('checks the words a list already has when it is made public', async () => {
    const owner = await createUser()
    // written straight to D1, as a list saved before the word was blocked
    const slug = await publicList(owner, { name: 'Quiet', is_public: false })
    await env.DB.prepare("update user_lists set name = 'very rude phrase list' where slug = ?").bind(slug).run()
    const res = await call(`/api/me/lists/${slug}`, { method: 'PATCH', cookie: owner.cookie, body: { is_public: true } })
    expect(res.status).toBe(400)
    expect((await call(`/api/lists/${slug}`)).status).toBe(404)
  })

  it('refuses a username with one, at sign-up and when changed', async () => {
    const signup = await call('/api/auth/signup', { body: { email: uniqueEmail(), username: 'the_cretin_99', password: 'correct horse battery', confirmPassword: 'correct horse battery' }, headers: { 'Accept-Language': 'es' } })
    expect(signup.status).toBe(400)
    expect(await signup.json()).toEqual({ error: 'El nombre de usuario contiene una palabra que no está permitida aquí. Elige otro.' })
    const user = await createUser()
    const changed = await call('/api/me/profile', { method: 'PATCH', cookie: user.cookie, body: { username: 'CRETIN' } })
    expect(changed.status).toBe(400)
    expect((await call('/api/me/profile', { method: 'PATCH', cookie: user.cookie, body: { username: 'cretinous_fan' } })).status).toBe(200)
  })
})
