// SPDX-License-Identifier: GPL-2.0
/* Separate flags, sequential sections, or a pair flags.cocci owns. */
struct dev {
	raw_spinlock_t raw;
	spinlock_t lock;
	spinlock_t other;
};

void two_words(struct dev *d)
{
	unsigned long flags, raw_flags;

	spin_lock_irqsave(&d->lock, flags);
	raw_spin_lock_irqsave(&d->raw, raw_flags);
	raw_spin_unlock_irqrestore(&d->raw, raw_flags);
	spin_unlock_irqrestore(&d->lock, flags);
}

void one_after_other(struct dev *d)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&d->raw, flags);
	raw_spin_unlock_irqrestore(&d->raw, flags);
	local_irq_save(flags);
	local_irq_restore(flags);
}

void tree_form(struct dev *d)
{
	unsigned long flags;

	spin_lock_irqsave(&d->lock, flags);
	spin_lock_irqsave(&d->other, flags);
	spin_unlock_irqrestore(&d->other, flags);
	spin_unlock_irqrestore(&d->lock, flags);
}

void contended(struct dev *d)
{
	unsigned long flags;

	if (!raw_spin_trylock_irqsave(&d->raw, flags))
		raw_spin_lock_irqsave(&d->raw, flags);
	raw_spin_unlock_irqrestore(&d->raw, flags);
}
