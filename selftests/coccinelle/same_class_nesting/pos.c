// SPDX-License-Identifier: GPL-2.0
/* One class nested in itself with no annotation: each marked line. */
struct obj {
	spinlock_t lock;
	struct mutex mutex;
	struct rw_semaphore sem;
};

void transfer(struct obj *from, struct obj *to)
{
	spin_lock(&from->lock);
	spin_lock(&to->lock);	/* cocci: expect */
	spin_unlock(&to->lock);
	spin_unlock(&from->lock);
}

void move(struct obj *parent, struct obj *child)
{
	mutex_lock(&parent->mutex);
	if (child)
		mutex_lock(&child->mutex);	/* cocci: expect */
	mutex_unlock(&child->mutex);
	mutex_unlock(&parent->mutex);
}

void swap_irq(struct obj *x, struct obj *y)
{
	unsigned long f1, f2;

	spin_lock_irqsave(&x->lock, f1);
	spin_lock_irqsave(&y->lock, f2);	/* cocci: expect */
	spin_unlock_irqrestore(&y->lock, f2);
	spin_unlock_irqrestore(&x->lock, f1);
}

void rename(struct obj *old, struct obj *new)
{
	down_write(&old->sem);
	down_write(&new->sem);	/* cocci: expect */
	up_write(&new->sem);
	up_write(&old->sem);
}
