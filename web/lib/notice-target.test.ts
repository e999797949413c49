// Where a click on a new-episode notice goes (web/public/service-worker.js `noticeTarget`): a page
// of the site's own, whatever address the notice carries; never another host.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

function noticeTargetFromWorker(origin: string): (url: unknown) => string {
  const source = readFileSync(join(import.meta.dirname, '../public/service-worker.js'), 'utf8')
  const body = /function noticeTarget\(url\) \{[\s\S]*?\n\}/.exec(source)?.[0]
  if (!body) throw new Error('noticeTarget not found in the service worker')
  return new Function('self', `${body}; return noticeTarget`)({ location: { origin } }) as (url: unknown) => string
}

describe('a notice’s click target', () => {
  const target = noticeTargetFromWorker('https://reelhouse.example')

  it('keeps the site’s own page and its query', () => {
    expect(target('/tv/1396?season=2&episode=3')).toBe('https://reelhouse.example/tv/1396?season=2&episode=3')
    expect(target('https://reelhouse.example/calendar')).toBe('https://reelhouse.example/calendar')
  })

  it('never opens another host, however the address is written', () => {
    for (const url of ['https://evil.example/a', '//evil.example/a', 'https://reelhouse.example//evil.example/a', '/\\evil.example', 'javascript:alert(1)']) {
      expect(new URL(target(url)).origin, url).toBe('https://reelhouse.example')
    }
    expect(target(undefined)).toMatch(/^https:\/\/reelhouse\.example\//)
  })
})
