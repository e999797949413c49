import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { SettingsMenu, type SettingsMenuProps } from './settings-menu'

function renderMenu(over: Partial<SettingsMenuProps> = {}) {
  const props: SettingsMenuProps = {
    levels: [
      { index: 0, label: '240p' },
      { index: 1, label: '480p' },
    ],
    chosenLevel: -1,
    autoLabel: 'Auto (480p)',
    onLevel: vi.fn(),
    captions: [
      { id: 0, label: 'English', lang: 'en' },
      { id: 1, label: 'Español', lang: 'es' },
    ],
    captionId: 1,
    onCaption: vi.fn(),
    rate: 1.5,
    onRate: vi.fn(),
    onShortcuts: vi.fn(),
    onClose: vi.fn(),
    ...over,
  }
  render(<SettingsMenu {...props} />)
  return { props, menu: screen.getByRole('dialog', { name: 'Settings' }) }
}

describe('SettingsMenu', () => {
  it('names each setting with its current choice, and focuses the first', () => {
    const { menu } = renderMenu()
    const rows = within(menu).getAllByRole('button')
    expect(rows.map((row) => row.textContent)).toEqual(['Quality Auto (480p)', 'Captions Español', 'Speed 1.5×', 'Keyboard shortcuts'])
    expect(document.activeElement).toBe(rows[0])
    expect(within(rows[1]!).getByText('Español').getAttribute('lang')).toBe('es')
  })

  it('leaves out Quality with one rendition and Captions without tracks', () => {
    const { menu } = renderMenu({ levels: [{ index: 0, label: '480p' }], captions: [], captionId: -1 })
    expect(within(menu).getAllByRole('button').map((row) => row.textContent)).toEqual(['Speed 1.5×', 'Keyboard shortcuts'])
  })

  it('opens a setting’s choices as radio buttons, the current one checked and focused, and applies a choice', () => {
    const { menu, props } = renderMenu()
    fireEvent.click(within(menu).getByRole('button', { name: /^Quality/ }))
    const group = within(menu).getByRole('group', { name: 'Quality' })
    const radios = within(group).getAllByRole('radio')
    expect(radios.map((radio) => radio.closest('label')!.textContent)).toEqual(['Auto (480p)', '240p', '480p'])
    expect(within(group).getByRole('radio', { name: 'Auto (480p)' })).toHaveProperty('checked', true)
    expect(document.activeElement).toBe(radios[0])
    fireEvent.click(within(group).getByRole('radio', { name: '240p' }))
    expect(props.onLevel).toHaveBeenCalledWith(0)

    fireEvent.click(within(menu).getByRole('button', { name: 'Quality: back to settings' }))
    fireEvent.click(within(menu).getByRole('button', { name: /^Speed/ }))
    expect(within(menu).getAllByRole('radio').map((radio) => radio.closest('label')!.textContent)).toEqual(['0.5×', '0.75×', 'Normal', '1.25×', '1.5×', '1.75×', '2×'])
    fireEvent.click(within(menu).getByRole('radio', { name: '2×' }))
    expect(props.onRate).toHaveBeenCalledWith(2)
  })

  it('offers captions off and each track', () => {
    const { menu, props } = renderMenu()
    fireEvent.click(within(menu).getByRole('button', { name: /^Captions/ }))
    expect(within(menu).getByRole('radio', { name: 'Español' })).toHaveProperty('checked', true)
    fireEvent.click(within(menu).getByRole('radio', { name: 'Off' }))
    expect(props.onCaption).toHaveBeenCalledWith(-1)
  })

  it('steps back with Escape, then closes', () => {
    const { menu, props } = renderMenu()
    fireEvent.click(within(menu).getByRole('button', { name: /^Captions/ }))
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(within(menu).queryAllByRole('radio')).toEqual([])
    // Back on the row it came from.
    expect(document.activeElement?.textContent).toBe('Captions Español')
    expect(props.onClose).not.toHaveBeenCalled()
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(props.onClose).toHaveBeenCalledTimes(1)
  })

  it('lists the on/off preferences as switches that say whether they are on', () => {
    const onChange = vi.fn()
    const { menu } = renderMenu({ switches: [{ id: 'autoplay', label: 'Autoplay next episode', checked: true, onChange }] })
    const autoplay = within(menu).getByRole('switch', { name: 'Autoplay next episode' })
    expect(autoplay.getAttribute('aria-checked')).toBe('true')
    fireEvent.click(autoplay)
    expect(onChange).toHaveBeenCalledWith(false)
  })

  it('opens the keyboard shortcuts', () => {
    const { menu, props } = renderMenu()
    fireEvent.click(within(menu).getByRole('button', { name: 'Keyboard shortcuts' }))
    expect(props.onShortcuts).toHaveBeenCalledTimes(1)
  })
})
