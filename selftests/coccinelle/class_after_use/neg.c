// SPDX-License-Identifier: GPL-2.0
/* Classes set at set-up, before any use or publication: silence. */
struct inode {
	spinlock_t lock;
	struct rw_semaphore sem;
	struct list_head list;
};

static struct lock_class_key early_key;

void set_up(struct inode *inode, struct list_head *all)
{
	spin_lock_init(&inode->lock);
	lockdep_set_class(&inode->lock, &early_key);
	init_rwsem(&inode->sem);
	lockdep_set_subclass(&inode->sem, 1);
	list_add(&inode->list, all);
	spin_lock(&inode->lock);
	spin_unlock(&inode->lock);
}

void other_lock_taken(struct inode *a, struct inode *b)
{
	spin_lock(&a->lock);
	spin_unlock(&a->lock);
	lockdep_set_class(&b->lock, &early_key);
}
