// SPDX-License-Identifier: GPL-2.0
/* Subclasses the validator cannot keep: each marked line must be reported. */
struct obj {
	int lock;
};

void take_too_deep(struct obj *a, struct obj *b, unsigned long flags)
{
	spin_lock_nested(&a->lock, 8);	/* cocci: expect */
	mutex_lock_nested(&b->lock, 12);	/* cocci: expect */
	down_write_nested(&a->lock, 0x10);	/* cocci: expect */
	spin_lock_irqsave_nested(&b->lock, flags, 9);	/* cocci: expect */
}

void lock_all(struct obj *objs, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		mutex_lock_nested(&objs[i].lock, i);	/* cocci: expect */
	}
}
