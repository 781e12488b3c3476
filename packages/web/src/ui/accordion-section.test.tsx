import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { AccordionSection } from './accordion-section.tsx';
import { renderWithI18n } from './test-utils.tsx';

describe('AccordionSection', () => {
  test('starts closed with a heading button that says it is collapsed', () => {
    renderWithI18n(
      <AccordionSection title="Themed day" subtitle="Helsinki" date="2026-10-01">
        <p>Free check-ups all day.</p>
      </AccordionSection>,
    );
    const toggle = screen.getByRole('button', { name: /Themed day/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('heading', { level: 3, name: /Themed day/ })).toContainElement(toggle);
    expect(screen.queryByText('Free check-ups all day.')).not.toBeInTheDocument();
    expect(toggle).toHaveTextContent('Helsinki');
    expect(toggle).toHaveTextContent('1.10.2026');
  });

  test('a click opens and closes the body', async () => {
    const user = userEvent.setup();
    renderWithI18n(
      <AccordionSection title="Themed day">
        <p>Free check-ups all day.</p>
      </AccordionSection>,
    );
    const toggle = screen.getByRole('button', { name: 'Themed day' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Free check-ups all day.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Themed day' })).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('Enter and Space open and close it from the keyboard', async () => {
    const user = userEvent.setup();
    renderWithI18n(
      <AccordionSection title="Themed day">
        <p>Body</p>
      </AccordionSection>,
    );
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Themed day' });
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('action links are separate tab stops outside the toggle', async () => {
    const user = userEvent.setup();
    renderWithI18n(
      <AccordionSection title="News" actions={<a href="/article/1">Edit</a>}>
        <p>Body</p>
      </AccordionSection>,
    );
    const toggle = screen.getByRole('button', { name: 'News' });
    const edit = screen.getByRole('link', { name: 'Edit' });
    expect(toggle).not.toContainElement(edit);
    await user.tab();
    await user.tab();
    expect(edit).toHaveFocus();
  });

  test('can start open and be controlled', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    function Controlled() {
      const [open, setOpen] = useState(true);
      return (
        <AccordionSection
          title="History"
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            onOpenChange(next);
          }}
        >
          <p>Visits</p>
        </AccordionSection>
      );
    }
    renderWithI18n(<Controlled />);
    expect(screen.getByText('Visits')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'History' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByText('Visits')).not.toBeInTheDocument();
  });

  test('defaultOpen shows the body at first', () => {
    renderWithI18n(
      <AccordionSection title="Open" defaultOpen headingLevel={2}>
        <p>Shown</p>
      </AccordionSection>,
    );
    expect(screen.getByText('Shown')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Open' })).toBeInTheDocument();
  });
});
