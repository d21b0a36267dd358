// SPDX-License-Identifier: GPL-2.0
/* Nested irqsaves into one flags word, in forms flags.cocci misses. */
struct dev {
	raw_spinlock_t raw;
	spinlock_t lock;
	struct xarray xa;
};

void raw_in_spin(struct dev *d)
{
	unsigned long flags;

	spin_lock_irqsave(&d->lock, flags);
	raw_spin_lock_irqsave(&d->raw, flags);	/* cocci: expect */
	raw_spin_unlock_irqrestore(&d->raw, flags);
	spin_unlock_irqrestore(&d->lock, flags);
}

void nested_variant(struct dev *a, struct dev *b)
{
	unsigned long flags;

	spin_lock_irqsave(&a->lock, flags);
	spin_lock_irqsave_nested(&b->lock, flags, SINGLE_DEPTH_NESTING);	/* cocci: expect */
	spin_unlock_irqrestore(&b->lock, flags);
	spin_unlock_irqrestore(&a->lock, flags);
}

void irq_save_then_xa(struct dev *d)
{
	unsigned long flags;

	local_irq_save(flags);
	xa_lock_irqsave(&d->xa, flags);	/* cocci: expect */
	xa_unlock_irqrestore(&d->xa, flags);
	local_irq_restore(flags);
}

void trylock_inside(struct dev *d)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&d->raw, flags);
	if (spin_trylock_irqsave(&d->lock, flags))	/* cocci: expect */
		spin_unlock_irqrestore(&d->lock, flags);
	raw_spin_unlock_irqrestore(&d->raw, flags);
}
