/**
 * How many "Because you watched" rows this browser showed last (`recommendation-rows` in
 * localStorage), so the home page can hold their place while they are on the way and nothing it
 * has drawn moves when they arrive.
 */
const SHOWN_KEY = 'recommendation-rows'

export function rowsLikely(): number {
  try {
    return Math.min(3, Number(localStorage.getItem(SHOWN_KEY)) || 0)
  } catch {
    return 0
  }
}

export function noteRowsShown(count: number): void {
  try {
    if (count > 0) localStorage.setItem(SHOWN_KEY, String(count))
    else localStorage.removeItem(SHOWN_KEY)
  } catch {
    // storage refused: the rows simply are not expected
  }
}
